import { Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import { BatchedRead } from '../persistence/batched-read.js';
import type { AccessTokenClaims } from '../shared/auth/access-tokens.js';
import { ActiveAccounts } from '../shared/auth/active-accounts.port.js';
import { RefreshSessions } from './refresh-sessions.js';
import { matchesSecretToken } from './secret-token.js';

@Injectable()
export class ActiveUserAccounts extends ActiveAccounts {
  /** Every authenticated request asks, so the requests in flight ask together. */
  private readonly active = new BatchedRead<{ id: string; session_version: number; kept: string | null }>(
    'accounts-active',
    `select id, session_version, case when kept_token_until > now() then kept_token_hash end as kept
       from app_user where id = any(?::uuid[]) and suspended_at is null`,
    (row) => row.id,
  );

  constructor(
    private readonly orm: MikroORM,
    private readonly sessions: RefreshSessions,
  ) {
    super();
  }

  async isActive(claims: AccessTokenClaims, token?: string): Promise<boolean> {
    const { id: userId, sessionVersion, signInId } = claims;
    const [accounts, signedOut] = await Promise.all([
      this.active.byId(this.orm.em, [userId]),
      // In the same round of reads as the account.
      signInId === undefined ? undefined : this.sessions.endedAmong(this.orm.em, [signInId]),
    ]);
    const row = accounts.get(userId);
    if (row === undefined) return false;
    if (row.session_version === sessionVersion) return signInId === undefined || !signedOut?.has(signInId);
    // The token a password change was asked with, of the version that change ended (its sign-in with it).
    return (
      token !== undefined &&
      row.kept !== null &&
      sessionVersion === row.session_version - 1 &&
      matchesSecretToken(row.kept, token)
    );
  }

  async activeAmong(userIds: readonly string[]): Promise<Set<string>> {
    if (userIds.length === 0) return new Set();
    return new Set((await this.active.byId(this.orm.em, userIds)).keys());
  }
}
