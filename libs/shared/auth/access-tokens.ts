import { Injectable } from '@nestjs/common';
import { SignJWT, jwtVerify } from 'jose';
import { AppConfig } from '../../config/app-config.js';

export interface AccessTokenClaims {
  id: string;
  email: string;
}

const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

/** Short-lived HS256 access tokens carrying the spec's payload (id, email). Only HS256 is accepted. */
@Injectable()
export class AccessTokens {
  private readonly key: Uint8Array;

  constructor(config: AppConfig) {
    this.key = new TextEncoder().encode(config.jwt.accessSecret);
  }

  sign(claims: AccessTokenClaims): Promise<string> {
    return new SignJWT({ id: claims.id, email: claims.email })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.id)
      .setIssuedAt()
      .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
      .sign(this.key);
  }

  /** Returns the claims, or undefined for any token that is malformed, tampered, expired or not HS256. */
  async verify(token: string): Promise<AccessTokenClaims | undefined> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      if (typeof payload.id !== 'string' || typeof payload.email !== 'string') return undefined;
      return { id: payload.id, email: payload.email };
    } catch {
      return undefined;
    }
  }
}
