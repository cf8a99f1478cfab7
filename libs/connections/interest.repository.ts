import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/core';
import { sql } from '../persistence/sql.js';

export interface ReceivedInterestRow {
  userId: string;
  at: string;
}

/** Who is interested in whom (`interest`): private until mutual. */
@Injectable()
export class InterestRepository {
  /** True when this call added it (false: already there). */
  async add(em: EntityManager, userId: string, targetId: string): Promise<boolean> {
    const rows = await sql(
      em,
      `insert into interest (user_id, target_id) values (?, ?) on conflict do nothing returning user_id`,
      [userId, targetId],
    );
    return rows.length > 0;
  }

  /** Whether `userId` is interested in `targetId`, declined or not. */
  async exists(em: EntityManager, userId: string, targetId: string): Promise<boolean> {
    return (
      (await sql(em, `select 1 from interest where user_id = ? and target_id = ?`, [userId, targetId]))
        .length > 0
    );
  }

  async withdraw(em: EntityManager, userId: string, targetId: string): Promise<void> {
    await sql(em, `delete from interest where user_id = ? and target_id = ?`, [userId, targetId]);
  }

  /** `targetId` says "Not for me" to `userId`'s interest; false when there was none. */
  async decline(em: EntityManager, userId: string, targetId: string): Promise<boolean> {
    const rows = await sql(
      em,
      `update interest set declined_at = coalesce(declined_at, now()) where user_id = ? and target_id = ? returning user_id`,
      [userId, targetId],
    );
    return rows.length > 0;
  }

  /** Both directions go (a connection made, ended or blocked). */
  async forgetPair(em: EntityManager, one: string, other: string): Promise<void> {
    await sql(
      em,
      `delete from interest where (user_id = ? and target_id = ?) or (user_id = ? and target_id = ?)`,
      [one, other, other, one],
    );
  }

  /** Who is interested in `userId` and not yet answered, newest first (at most 100). */
  async receivedBy(em: EntityManager, userId: string): Promise<ReceivedInterestRow[]> {
    const rows = await sql<{ user_id: string; created_at: Date | string }>(
      em,
      `select user_id, created_at from interest
        where target_id = ? and declined_at is null order by created_at desc limit 100`,
      [userId],
    );
    return rows.map((row) => ({ userId: row.user_id, at: new Date(row.created_at).toISOString() }));
  }

  /** Of `targetIds`, those `userId` is interested in (a match card's toggle). */
  async sentAmong(em: EntityManager, userId: string, targetIds: string[]): Promise<Set<string>> {
    if (targetIds.length === 0) return new Set();
    const rows = await sql<{ target_id: string }>(
      em,
      `select target_id from interest where user_id = ? and target_id = any(?::uuid[])`,
      [userId, targetIds],
    );
    return new Set(rows.map((row) => row.target_id));
  }
}
