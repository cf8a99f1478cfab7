import { Injectable, UnauthorizedException, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { ModuleRef, Reflector } from '@nestjs/core';
import { JwtService } from '@nestjs/jwt';
import type { Request } from 'express';
import { LRUCache } from 'lru-cache';
import { ActiveAccounts } from './active-accounts.port.js';
import type { AccessTokenClaims } from './access-tokens.js';
import { IS_PUBLIC } from './public.decorator.js';

export type AuthenticatedRequest = Request & { user: AccessTokenClaims };

interface VerifiedToken {
  claims: AccessTokenClaims;
  /** The token's `exp`, in ms. */
  expiresAt: number;
}

/** `Authorization: Bearer <token>`, the scheme in any case (RFC 6750). */
const BEARER = /^bearer\s+(\S+)\s*$/i;

/**
 * Global guard: every API route needs a valid bearer token unless it is @Public(). The token is HS256 only,
 * signed with JWT_ACCESS_SECRET, not expired, with the spec's claims (verified by @nestjs/jwt), and its
 * account must still be active: a deleted or suspended account's tokens, and tokens issued before a password
 * change or reset (an older session version), stop working at once, not when they expire, so that is read
 * on every request.
 *
 * A token's signature is verified once per process: a token seen valid is remembered (by its exact text,
 * which only our secret can have signed) until it expires. Verifying it again on every request was the
 * largest piece of an authenticated read's own CPU (base64, two JSON parses and an HMAC). Only valid tokens
 * are remembered, so garbage sent by a client costs it a verification and the cache nothing.
 */
@Injectable()
export class AccessTokenGuard implements CanActivate {
  private readonly verified = new LRUCache<string, VerifiedToken>({ max: 20_000 });
  private activeAccounts?: ActiveAccounts;

  constructor(
    private readonly reflector: Reflector,
    private readonly jwt: JwtService,
    private readonly modules: ModuleRef,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (isPublic) return true;
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const header = request.headers.authorization ?? '';
    const token = BEARER.exec(header)?.[1];
    const claims = token === undefined ? undefined : this.claimsOf(token);
    // The accounts context provides the port; this guard is global and built before it.
    this.activeAccounts ??= this.modules.get(ActiveAccounts, { strict: false });
    if (!claims || !(await this.activeAccounts.isActive(claims.id, claims.sessionVersion))) {
      throw new UnauthorizedException(
        /^bearer\s+\S/i.test(header)
          ? 'Your session has expired. Please sign in again.'
          : 'Sign in to continue',
      );
    }
    request.user = claims;
    return true;
  }

  private claimsOf(token: string): AccessTokenClaims | undefined {
    const known = this.verified.get(token);
    if (known) {
      if (known.expiresAt > Date.now()) return known.claims;
      this.verified.delete(token);
      return undefined;
    }
    let payload: Record<string, unknown>;
    try {
      payload = this.jwt.verify<Record<string, unknown>>(token);
    } catch {
      return undefined;
    }
    const { id, email, sv, exp } = payload;
    if (typeof id !== 'string' || typeof email !== 'string') return undefined;
    // Tokens from before session versions existed carry none: the version every account started at.
    const sessionVersion = sv === undefined ? 0 : sv;
    if (typeof sessionVersion !== 'number' || !Number.isInteger(sessionVersion)) return undefined;
    const claims = { id, email, sessionVersion };
    if (typeof exp === 'number') this.verified.set(token, { claims, expiresAt: exp * 1000 });
    return claims;
  }
}
