import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/core';
import { UserRepository } from '../accounts/index.js';
import { BatchedRead } from '../persistence/batched-read.js';
import { sql } from '../persistence/sql.js';

export interface BlockedPerson {
  userId: string;
  name: string;
  blockedAt: string;
}

/** Blocks one member chose (`user_block`): the row is one direction, its effect is both ways. */
@Injectable()
export class BlockRepository {
  /**
   * Every profile read, photo fetch and match card asks, so the requests in flight ask together: each key
   * is a pair of user ids ('<a> <b>'), found when either blocked the other. Each id is cast once and each
   * direction is its own primary-key probe (an `or` inside one subquery cost PostgreSQL twice as much).
   */
  private readonly blockedPairs = new BatchedRead<{ pair: string }>(
    'blocked-pairs',
    `select p.pair from unnest(?::text[]) as p(pair)
        cross join lateral (select split_part(p.pair, ' ', 1)::uuid as a, split_part(p.pair, ' ', 2)::uuid as b) k
        where exists (select 1 from user_block where user_id = k.a and blocked_user_id = k.b)
           or exists (select 1 from user_block where user_id = k.b and blocked_user_id = k.a)`,
    (row) => row.pair,
  );

  constructor(private readonly users: UserRepository) {}

  /** True when this call created the block (false: it was already there). */
  async add(em: EntityManager, userId: string, blockedUserId: string): Promise<boolean> {
    const rows = await sql(
      em,
      `insert into user_block (user_id, blocked_user_id) values (?, ?) on conflict do nothing returning user_id`,
      [userId, blockedUserId],
    );
    return rows.length > 0;
  }

  /** Whether `userId` has blocked `blockedUserId` (this direction only). */
  async has(em: EntityManager, userId: string, blockedUserId: string): Promise<boolean> {
    const rows = await sql(em, `select 1 from user_block where user_id = ? and blocked_user_id = ?`, [
      userId,
      blockedUserId,
    ]);
    return rows.length > 0;
  }

  async remove(em: EntityManager, userId: string, blockedUserId: string): Promise<boolean> {
    const rows = await sql(
      em,
      `delete from user_block where user_id = ? and blocked_user_id = ? returning user_id`,
      [userId, blockedUserId],
    );
    return rows.length > 0;
  }

  /** Of `otherIds`, those `userId` blocked or who blocked `userId` (a block works both ways). */
  async blockedEitherWay(em: EntityManager, userId: string, otherIds: string[]): Promise<Set<string>> {
    if (otherIds.length === 0) return new Set();
    const blocked = await this.blockedPairs.byId(
      em,
      otherIds.map((otherId) => `${userId} ${otherId}`),
    );
    return new Set(otherIds.filter((otherId) => blocked.has(`${userId} ${otherId}`)));
  }

  /** Whom `userId` blocked, newest first, with their names (from accounts, in one read). */
  async listOf(em: EntityManager, userId: string): Promise<BlockedPerson[]> {
    const rows = await sql<{ blocked_user_id: string; created_at: Date | string }>(
      em,
      `select blocked_user_id, created_at from user_block where user_id = ? order by created_at desc`,
      [userId],
    );
    const names = await this.users.namesOf(
      rows.map((row) => row.blocked_user_id),
      em,
    );
    // A block goes with either account (foreign keys), so a missing name is one deleted just now.
    return rows.flatMap((row) => {
      const name = names.get(row.blocked_user_id);
      return name === undefined
        ? []
        : [{ userId: row.blocked_user_id, name, blockedAt: new Date(row.created_at).toISOString() }];
    });
  }
}
