import { createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import type { AppConfig } from '../../config/app-config.js';

export interface AccessTokenClaims {
  id: string;
  email: string;
  /** The account's session version when the token was issued (claim `sv`); the guard refuses an older one. */
  sessionVersion: number;
  /** The sign-in (refresh-token family) it was issued to (claim `sid`): logging out of it ends the token. */
  signInId?: string;
}

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

/** Short-lived HS256 access tokens carrying the spec's payload (id, email) and the session version. */
@Injectable()
export class AccessTokens {
  constructor(private readonly jwt: JwtService) {}

  sign(account: { id: string; email: string; sessionVersion: number }, signInId: string): Promise<string> {
    return this.jwt.signAsync(
      { id: account.id, email: account.email, sv: account.sessionVersion, sid: signInId },
      // A token id of its own: two sign-ins in one second would otherwise get the same token, and a password
      // change that keeps the asker's token working must not keep another's.
      { subject: account.id, jwtid: randomBytes(9).toString('base64url') },
    );
  }

  /** The `jti` of a token the guard verified already (not checked again here). */
  idOf(token: string): string | undefined {
    const jti = (this.jwt.decode<{ jti?: unknown } | null>(token) ?? {}).jti;
    return typeof jti === 'string' ? jti : undefined;
  }
}

/**
 * JWT_ACCESS_SECRET as a KeyObject, not the string: given a string, jsonwebtoken first tries it as a public
 * key on every verification and catches the failure, which cost more than the rest of the check (CPU profile).
 */
export function accessTokenKey(config: AppConfig): KeyObject {
  return createSecretKey(Buffer.from(config.jwt.accessSecret, 'utf8'));
}
