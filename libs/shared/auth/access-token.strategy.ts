import { createSecretKey } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { PassportStrategy } from '@nestjs/passport';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { AppConfig } from '../../config/app-config.js';
import { ActiveAccounts } from './active-accounts.port.js';
import type { AccessTokenClaims } from './access-tokens.js';

export const ACCESS_TOKEN_STRATEGY = 'access-token';

/**
 * The bearer token of every API call: HS256 only, signed with JWT_ACCESS_SECRET, not expired, with the
 * spec's claims, and its account still active — a deleted or suspended account's tokens stop working at
 * once, not when they expire.
 */
@Injectable()
export class AccessTokenStrategy extends PassportStrategy(Strategy, ACCESS_TOKEN_STRATEGY) {
  private activeAccounts?: ActiveAccounts;

  constructor(
    config: AppConfig,
    private readonly modules: ModuleRef,
  ) {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      // A KeyObject, not the string: given a string, jsonwebtoken first tries it as a public key on every
      // verification and catches the failure, which cost more than the rest of the check (CPU profile).
      // passport-jwt's types predate KeyObject; it hands the value to jsonwebtoken.verify as it is.
      secretOrKey: createSecretKey(Buffer.from(config.jwt.accessSecret, 'utf8')) as unknown as Buffer,
      algorithms: ['HS256'],
    });
  }

  async validate(payload: Record<string, unknown>): Promise<AccessTokenClaims | false> {
    if (typeof payload.id !== 'string' || typeof payload.email !== 'string') return false;
    // The accounts context provides the port; the guard is global and built before it.
    this.activeAccounts ??= this.modules.get(ActiveAccounts, { strict: false });
    if (!(await this.activeAccounts.isActive(payload.id))) return false;
    return { id: payload.id, email: payload.email };
  }
}
