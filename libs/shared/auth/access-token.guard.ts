import { Injectable, UnauthorizedException, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import type { Request } from 'express';
import { AccessTokenStrategy } from './access-token.strategy.js';
import type { AccessTokenClaims } from './access-tokens.js';
import { IS_PUBLIC } from './public.decorator.js';

export type AuthenticatedRequest = Request & { user: AccessTokenClaims };

/** Global guard: every API route needs a valid bearer token (AccessTokenStrategy) unless it is @Public(). */
@Injectable()
export class AccessTokenGuard extends AuthGuard() {
  constructor(
    private readonly reflector: Reflector,
    strategy: AccessTokenStrategy,
  ) {
    super({ defaultStrategy: strategy.name, session: false });
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (isPublic) return true;
    return (await super.canActivate(context)) as boolean;
  }

  override handleRequest<T = AccessTokenClaims>(
    error: unknown,
    user: T | false,
    _info: unknown,
    context: ExecutionContext,
  ): T {
    if (error) throw error;
    if (user) return user;
    const header = context.switchToHttp().getRequest<Request>().headers.authorization ?? '';
    throw new UnauthorizedException(
      /^bearer\s+\S/i.test(header) ? 'Your session has expired. Please sign in again.' : 'Sign in to continue',
    );
  }
}
