import { Injectable, UnauthorizedException, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import type { Request } from 'express';
import type { AccessTokenClaims } from './access-tokens.js';
import { ACCESS_TOKEN_STRATEGY } from './access-token.strategy.js';
import { IS_PUBLIC } from './public.decorator.js';

export type AuthenticatedRequest = Request & { user: AccessTokenClaims };

/** Global guard: every API route needs a valid bearer token (AccessTokenStrategy) unless it is @Public(). */
@Injectable()
export class AccessTokenGuard extends AuthGuard(ACCESS_TOKEN_STRATEGY) {
  constructor(private readonly reflector: Reflector) {
    super();
  }

  override canActivate(context: ExecutionContext) {
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [
      context.getHandler(),
      context.getClass(),
    ]);
    return isPublic || super.canActivate(context);
  }

  override handleRequest<TUser = AccessTokenClaims>(
    error: unknown,
    user: TUser | false,
    _info: unknown,
    context: ExecutionContext,
  ): TUser {
    if (error) throw error;
    if (user) return user;
    const header = context.switchToHttp().getRequest<Request>().headers.authorization ?? '';
    throw new UnauthorizedException(
      /^bearer\s+\S/i.test(header) ? 'Your session has expired. Please sign in again.' : 'Sign in to continue',
    );
  }
}
