import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';

export interface AccessTokenClaims {
  id: string;
  email: string;
  /** The account's session version when the token was issued (claim `sv`); the guard refuses an older one. */
  sessionVersion: number;
}

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

/** Short-lived HS256 access tokens carrying the spec's payload (id, email) and the session version. */
@Injectable()
export class AccessTokens {
  constructor(private readonly jwt: JwtService) {}

  sign(account: { id: string; email: string; sessionVersion: number }): Promise<string> {
    return this.jwt.signAsync(
      { id: account.id, email: account.email, sv: account.sessionVersion },
      { subject: account.id },
    );
  }
}
