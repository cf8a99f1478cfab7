import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/sql';

export interface BlockedPerson {
  userId: string;
  name: string;
  blockedAt: string;
}

function run<T>(em: EntityManager, sql: string, params: unknown[]): Promise<T[]> {
  return (em as SqlEntityManager).getConnection().execute(sql, params, 'all', em.getTransactionContext());
}

/** Blocks one member chose (`user_block`): the row is one direction, its effect is both ways. */
@Injectable()
export class BlockRepository {
  /** True when this call created the block (false: it was already there). */
  async add(em: EntityManager, userId: string, blockedUserId: string): Promise<boolean> {
    const rows = await run(
      em,
      `insert into user_block (user_id, blocked_user_id) values (?, ?) on conflict do nothing returning user_id`,
      [userId, blockedUserId],
    );
    return rows.length > 0;
  }

  async remove(em: EntityManager, userId: string, blockedUserId: string): Promise<boolean> {
    const rows = await run(
      em,
      `delete from user_block where user_id = ? and blocked_user_id = ? returning user_id`,
      [userId, blockedUserId],
    );
    return rows.length > 0;
  }

  /** Of `otherIds`, those `userId` blocked or who blocked `userId` (a block works both ways). */
  async blockedEitherWay(em: EntityManager, userId: string, otherIds: string[]): Promise<Set<string>> {
    if (otherIds.length === 0) return new Set();
    const list = otherIds.map(() => '?').join(', ');
    const rows = await run<{ other: string }>(
      em,
      `select blocked_user_id as other from user_block where user_id = ? and blocked_user_id in (${list})
       union
       select user_id from user_block where blocked_user_id = ? and user_id in (${list})`,
      [userId, ...otherIds, userId, ...otherIds],
    );
    return new Set(rows.map((row) => row.other));
  }

  async listOf(em: EntityManager, userId: string): Promise<BlockedPerson[]> {
    const rows = await run<{ blocked_user_id: string; name: string; created_at: Date | string }>(
      em,
      `select b.blocked_user_id, u.name, b.created_at
         from user_block b join app_user u on u.id = b.blocked_user_id
        where b.user_id = ? order by b.created_at desc`,
      [userId],
    );
    return rows.map((row) => ({
      userId: row.blocked_user_id,
      name: row.name,
      blockedAt: new Date(row.created_at).toISOString(),
    }));
  }
}
