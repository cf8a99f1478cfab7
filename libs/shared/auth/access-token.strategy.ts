import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { Request } from 'express';
import passport from 'passport';
import { Strategy } from 'passport-jwt';
import { AppConfig } from '../../config/app-config.js';
import { AccessTokenVerifier } from './access-token-verifier.js';
import { accessTokenKey, type AccessTokenClaims } from './access-tokens.js';

/** `Authorization: Bearer <token>`, the scheme in any case (RFC 6750). */
const BEARER = /^bearer\s+(\S+)\s*$/i;

export const bearerToken = (request: Request): string | null =>
  BEARER.exec(request.headers.authorization ?? '')?.[1] ?? null;

/** Registers nothing: each strategy registers itself under its own name (see the constructor). */
const unshared = new passport.Passport();
let strategies = 0;

/**
 * passport-jwt checks a bearer token's signature and expiry (HS256 with JWT_ACCESS_SECRET); the
 * AccessTokenVerifier checks the claims and the account, and remembers the token, so a token seen before
 * skips the signature check (see AccessTokenVerifier) and goes straight to the account check.
 */
@Injectable()
export class AccessTokenStrategy extends PassportStrategy(Strategy) implements OnModuleDestroy {
  /**
   * passport's registry is one per process, and a process may hold several applications (the CLI's
   * context beside a gateway, the tests): each application's strategy has a name of its own.
   */
  override readonly name = `access-token-${++strategies}`;

  constructor(
    private readonly tokens: AccessTokenVerifier,
    config: AppConfig,
  ) {
    super({
      jwtFromRequest: bearerToken,
      // passport-jwt's types predate KeyObject; jsonwebtoken takes it as it is (see AuthModule).
      secretOrKey: accessTokenKey(config) as unknown as Buffer,
      algorithms: ['HS256'],
      passReqToCallback: true,
    });
    passport.use(this.name, this);
  }

  getPassportInstance(): passport.PassportStatic {
    return unshared as passport.PassportStatic;
  }

  onModuleDestroy(): void {
    passport.unuse(this.name);
  }

  override authenticate(request: Request, options?: object): void {
    const token = bearerToken(request);
    const known = token === null ? undefined : this.tokens.remembered(token);
    if (!known) return super.authenticate(request, options);
    this.tokens.ifActive(known).then(
      (claims) => (claims ? this.success(claims) : this.fail(401)),
      (error: unknown) => this.error(error as Error),
    );
  }

  /** A token passport-jwt has just verified: the spec's claims, an active account; remembered. */
  async validate(request: Request, payload: Record<string, unknown>): Promise<AccessTokenClaims | false> {
    const claims = this.tokens.remember(bearerToken(request)!, payload);
    return (claims && (await this.tokens.ifActive(claims))) ?? false;
  }
}
