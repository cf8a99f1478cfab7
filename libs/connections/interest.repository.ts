import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/core';
import { sql } from '../persistence/sql.js';

export interface ReceivedInterestRow {
  userId: string;
  at: string;
}

/**
 * Who is interested in whom (`interest`): private until mutual. A declined interest its sender withdrew stays,
 * marked withdrawn (not an interest for anyone), so that sending it again brings it back declined.
 */
@Injectable()
export class InterestRepository {
  /** True when its target is to hear of it: added now, and not declined before (false: already there). */
  async add(em: EntityManager, userId: string, targetId: string): Promise<boolean> {
    const rows = await sql<{ news: boolean }>(
      em,
      `insert into interest (user_id, target_id) values (?, ?)
       on conflict (user_id, target_id) do update set withdrawn_at = null where interest.withdrawn_at is not null
       returning declined_at is null as news`,
      [userId, targetId],
    );
    return rows[0]?.news === true;
  }

  /** Whether `userId` is interested in `targetId`, declined or not. */
  async exists(em: EntityManager, userId: string, targetId: string): Promise<boolean> {
    return (
      (
        await sql(em, `select 1 from interest where user_id = ? and target_id = ? and withdrawn_at is null`, [
          userId,
          targetId,
        ])
      ).length > 0
    );
  }

  async withdraw(em: EntityManager, userId: string, targetId: string): Promise<void> {
    await sql(
      em,
      `with gone as (delete from interest where user_id = ? and target_id = ? and declined_at is null)
       update interest set withdrawn_at = coalesce(withdrawn_at, now())
        where user_id = ? and target_id = ? and declined_at is not null`,
      [userId, targetId, userId, targetId],
    );
  }

  /** `targetId` says "Not for me" to `userId`'s interest; false when there was none. */
  async decline(em: EntityManager, userId: string, targetId: string): Promise<boolean> {
    const rows = await sql(
      em,
      `update interest set declined_at = coalesce(declined_at, now())
        where user_id = ? and target_id = ? and withdrawn_at is null returning user_id`,
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
      `select target_id from interest where user_id = ? and target_id = any(?::uuid[]) and withdrawn_at is null`,
      [userId, targetIds],
    );
    return new Set(rows.map((row) => row.target_id));
  }
}
