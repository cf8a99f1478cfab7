import { Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { ActiveAccounts } from '../shared/auth/active-accounts.port.js';

/** One primary-key lookup per authenticated request. */
@Injectable()
export class ActiveUserAccounts extends ActiveAccounts {
  constructor(private readonly orm: MikroORM) {
    super();
  }

  async isActive(userId: string): Promise<boolean> {
    const rows = await (this.orm.em as SqlEntityManager)
      .getConnection()
      .execute(`select 1 from app_user where id = ? and suspended_at is null`, [userId], 'all');
    return rows.length > 0;
  }

  async activeAmong(userIds: readonly string[]): Promise<Set<string>> {
    if (userIds.length === 0) return new Set();
    const rows = await (this.orm.em as SqlEntityManager)
      .getConnection()
      .execute<{ id: string }[]>(
        `select id from app_user where suspended_at is null and id in (${userIds.map(() => '?').join(', ')})`,
        [...userIds],
        'all',
      );
    return new Set(rows.map((row) => row.id));
  }
}
