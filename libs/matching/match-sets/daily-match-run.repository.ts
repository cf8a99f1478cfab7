import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/core';
import { placeholders, query } from '../persistence/sql.js';

/** The daily_match_run table: who requested a day, and the figures of direct runs. */
@Injectable()
export class DailyMatchRunRepository {
  /** True for exactly one caller per day. */
  async claimRequest(em: EntityManager, day: string, at: Date): Promise<boolean> {
    const rows = await query(
      em,
      `insert into daily_match_run (day, requested_at) values (?::date, ?::timestamptz)
       on conflict (day) do update set requested_at = excluded.requested_at
         where daily_match_run.requested_at is null
       returning day`,
      [day, at.toISOString()],
    );
    return rows.length > 0;
  }

  async recordRequested(em: EntityManager, day: string, users: number): Promise<void> {
    await query(em, `update daily_match_run set requested_users = ? where day = ?::date`, [users, day]);
  }

  async recordCompleted(
    em: EntityManager,
    day: string,
    figures: { users: number; sets: number; empty: number; ms: number },
    at: Date,
  ): Promise<void> {
    await query(
      em,
      `insert into daily_match_run (day, completed_at, users, sets, empty_sets, ms)
       values (?::date, ?::timestamptz, ?, ?, ?, ?)
       on conflict (day) do update set completed_at = excluded.completed_at, users = excluded.users,
         sets = coalesce(daily_match_run.sets, 0) + excluded.sets,
         empty_sets = coalesce(daily_match_run.empty_sets, 0) + excluded.empty_sets, ms = excluded.ms`,
      [day, at.toISOString(), figures.users, figures.sets, figures.empty, Math.round(figures.ms)],
    );
  }

  /** Matchable users (same rule as the pool) who have no set for `day` yet. */
  async usersWithoutSet(em: EntityManager, day: string): Promise<string[]> {
    const rows = await query<{ user_id: string }>(
      em,
      `select v.user_id from personality_vector v
         join profile p on p.user_id = v.user_id
         join app_user u on u.id = v.user_id
        where u.email_verified_at is not null and u.suspended_at is null
          and not exists (select 1 from match_set s where s.user_id = v.user_id and s.day = ?::date)
        order by v.user_id`,
      [day],
    );
    return rows.map((row) => row.user_id);
  }

  async countSets(em: EntityManager, day: string, userIds?: string[]): Promise<number> {
    const filter = userIds?.length ? ` and user_id in (${placeholders(userIds.length)})` : '';
    const [row] = await query<{ n: number | string }>(
      em,
      `select count(*) as n from match_set where day = ?::date${filter}`,
      [day, ...(userIds ?? [])],
    );
    return Number(row?.n ?? 0);
  }
}
