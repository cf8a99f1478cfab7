import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';

export interface AccessTokenClaims {
  id: string;
  email: string;
}

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

/** Short-lived HS256 access tokens carrying the spec's payload (id, email); checked by AccessTokenStrategy. */
@Injectable()
export class AccessTokens {
  constructor(private readonly jwt: JwtService) {}

  sign(claims: AccessTokenClaims): Promise<string> {
    return this.jwt.signAsync({ id: claims.id, email: claims.email }, { subject: claims.id });
  }
}
