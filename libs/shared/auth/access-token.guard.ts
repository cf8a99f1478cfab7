import { Injectable, UnauthorizedException, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { ModuleRef, Reflector } from '@nestjs/core';
import { ActiveAccounts } from './active-accounts.port.js';
import type { Request } from 'express';
import { AccessTokens, type AccessTokenClaims } from './access-tokens.js';
import { IS_PUBLIC } from './public.decorator.js';

export type AuthenticatedRequest = Request & { user: AccessTokenClaims };

/** Global guard: every API route needs a valid bearer token unless it is marked @Public(). */
@Injectable()
export class AccessTokenGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly tokens: AccessTokens,
    private readonly modules: ModuleRef,
  ) {}

  private activeAccounts?: ActiveAccounts;

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (isPublic) return true;
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const [scheme, token] = (request.headers.authorization ?? '').split(' ');
    if (scheme?.toLowerCase() !== 'bearer' || !token) throw new UnauthorizedException('Sign in to continue');
    const claims = await this.tokens.verify(token);
    if (!claims) throw new UnauthorizedException('Your session has expired. Please sign in again.');
    // A deleted or suspended account's tokens stop working at once, not when they expire.
    this.activeAccounts ??= this.modules.get(ActiveAccounts, { strict: false });
    if (!(await this.activeAccounts.isActive(claims.id)))
      throw new UnauthorizedException('Your session has expired. Please sign in again.');
    request.user = claims;
    return true;
  }
}
