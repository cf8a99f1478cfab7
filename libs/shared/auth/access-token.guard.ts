import { Injectable, UnauthorizedException, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { AccessTokenVerifier } from './access-token-verifier.js';
import type { AccessTokenClaims } from './access-tokens.js';
import { IS_PUBLIC } from './public.decorator.js';

export type AuthenticatedRequest = Request & { user: AccessTokenClaims };

/** `Authorization: Bearer <token>`, the scheme in any case (RFC 6750). */
const BEARER = /^bearer\s+(\S+)\s*$/i;

/** The token of an `Authorization: Bearer` header, if it is one. */
export function bearerToken(header: string | undefined): string | undefined {
  return BEARER.exec(header ?? '')?.[1];
}

/**
 * Global guard: every API route needs a valid bearer token unless it is @Public(). The token is checked as
 * the socket handshake checks it (AccessTokenVerifier: HS256 signature and expiry once per process, the
 * spec's claims, an active account on every request), and its claims become `request.user`.
 */
@Injectable()
export class AccessTokenGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly tokens: AccessTokenVerifier,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (isPublic) return true;
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const header = request.headers.authorization ?? '';
    const token = bearerToken(header);
    const claims = token === undefined ? undefined : await this.tokens.activeClaims(token);
    if (!claims) {
      throw new UnauthorizedException(
        /^bearer\s+\S/i.test(header)
          ? 'Your session has expired. Please sign in again.'
          : 'Sign in to continue',
      );
    }
    request.user = claims;
    return true;
  }
}
