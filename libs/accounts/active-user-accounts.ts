import { Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import { BatchedRead } from '../persistence/batched-read.js';
import { ActiveAccounts } from '../shared/auth/active-accounts.port.js';

@Injectable()
export class ActiveUserAccounts extends ActiveAccounts {
  /** Every authenticated request asks, so the requests in flight ask together. */
  private readonly active = new BatchedRead<{ id: string; session_version: number }>(
    'accounts-active',
    'select id, session_version from app_user where id = any(?::uuid[]) and suspended_at is null',
    (row) => row.id,
  );

  constructor(private readonly orm: MikroORM) {
    super();
  }

  async isActive(userId: string, sessionVersion: number): Promise<boolean> {
    const row = (await this.active.byId(this.orm.em, [userId])).get(userId);
    return row !== undefined && row.session_version === sessionVersion;
  }

  async activeAmong(userIds: readonly string[]): Promise<Set<string>> {
    if (userIds.length === 0) return new Set();
    return new Set((await this.active.byId(this.orm.em, userIds)).keys());
  }
}
