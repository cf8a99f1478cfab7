import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/core';
import { MATCHABLE_MEMBER } from '../domain/eligibility.js';
import { sql } from '../../persistence/sql.js';

/** Where a day stands: matchable members, those still without a set, the day's sets, empty ones, summaries. */
export interface DayFigures {
  matchable: number;
  withoutSet: number;
  sets: number;
  empty: number;
  /** Picks of the day with their summary written. */
  summarised: number;
}

/** The daily_match_run table: who requested a day, and the figures of direct runs. */
@Injectable()
export class DailyMatchRunRepository {
  /**
   * Takes the day's request for `leaseMs`: true for one caller at a time, and again for another caller once
   * a holder stopped renewing before it finished (it died). A finished request is taken again only with
   * `reopen` (an operator's run), which marks it unfinished until its new holder is done.
   */
  async claimRequest(
    em: EntityManager,
    day: string,
    at: Date,
    leaseMs: number,
    { reopen }: { reopen: boolean },
  ): Promise<boolean> {
    const rows = await sql(
      em,
      `insert into daily_match_run (day, requested_at, lease_until) values (?::date, ?::timestamptz, ?::timestamptz)
       on conflict (day) do update set requested_at = excluded.requested_at, lease_until = excluded.lease_until,
           requested_users = null
         where (daily_match_run.requested_users is null or ?::boolean)
           and (daily_match_run.lease_until is null or daily_match_run.lease_until < excluded.requested_at)
       returning day`,
      [day, at.toISOString(), new Date(at.getTime() + leaseMs).toISOString(), reopen],
    );
    return rows.length > 0;
  }

  /** The holder is alive and working: keep others off for another `leaseMs`. */
  async renewLease(em: EntityManager, day: string, leaseMs: number): Promise<void> {
    await sql(em, `update daily_match_run set lease_until = ?::timestamptz where day = ?::date`, [
      new Date(Date.now() + leaseMs).toISOString(),
      day,
    ]);
  }

  /** Every request of the day is written: the lease ends and the day is done. */
  async recordRequested(em: EntityManager, day: string, users: number): Promise<void> {
    await sql(em, `update daily_match_run set requested_users = ?, lease_until = null where day = ?::date`, [
      users,
      day,
    ]);
  }

  /** How the day's request stands, for health and for the scheduler's resume check. */
  async requestState(
    em: EntityManager,
    day: string,
    now: Date,
  ): Promise<'none' | 'running' | 'stalled' | 'done'> {
    const [row] = await sql<{
      requested_at: unknown;
      requested_users: unknown;
      lease_until: Date | string | null;
    }>(em, `select requested_at, requested_users, lease_until from daily_match_run where day = ?::date`, [
      day,
    ]);
    if (!row || row.requested_at === null) return 'none';
    if (row.requested_users !== null) return 'done';
    return row.lease_until !== null && new Date(row.lease_until).getTime() > now.getTime()
      ? 'running'
      : 'stalled';
  }

  /** When a day was last requested in full or run whole, in seconds since the epoch (none yet: undefined). */
  async lastSuccess(em: EntityManager): Promise<number | undefined> {
    const [row] = await sql<{ at: number | string | null }>(
      em,
      `select extract(epoch from max(greatest(case when requested_users is not null then requested_at end,
                                              completed_at)))::float8 as at
         from daily_match_run`,
    );
    return row?.at == null ? undefined : Number(row.at);
  }

  async recordCompleted(
    em: EntityManager,
    day: string,
    figures: { users: number; sets: number; empty: number; ms: number },
    at: Date,
  ): Promise<void> {
    await sql(
      em,
      `insert into daily_match_run (day, completed_at, users, sets, empty_sets, ms)
       values (?::date, ?::timestamptz, ?, ?, ?, ?)
       on conflict (day) do update set completed_at = excluded.completed_at, users = excluded.users,
         sets = coalesce(daily_match_run.sets, 0) + excluded.sets,
         empty_sets = coalesce(daily_match_run.empty_sets, 0) + excluded.empty_sets, ms = excluded.ms`,
      [day, at.toISOString(), figures.users, figures.sets, figures.empty, Math.round(figures.ms)],
    );
  }

  /** Matchable users (rule 1 of domain/eligibility.ts, as the pool) who have no set for `day` yet. */
  async usersWithoutSet(em: EntityManager, day: string): Promise<string[]> {
    const rows = await sql<{ user_id: string }>(
      em,
      `select m.user_id from ${MATCHABLE_MEMBER} m
        where not exists (select 1 from match_set s where s.user_id = m.user_id and s.day = ?::date)
        order by m.user_id`,
      [day],
    );
    return rows.map((row) => row.user_id);
  }

  /**
   * Where `day` stands, in one read: matchable members, those of them still without a set, the day's sets
   * with how many are empty, and its picks with a summary.
   */
  async dayFigures(em: EntityManager, day: string): Promise<DayFigures> {
    const [row] = await sql<
      Record<'matchable' | 'without_set' | 'sets' | 'empty' | 'summarised', number | string>
    >(
      em,
      `select (select count(*) from ${MATCHABLE_MEMBER}) as matchable,
              (select count(*) from ${MATCHABLE_MEMBER} m
                where not exists (select 1 from match_set s where s.user_id = m.user_id and s.day = ?::date))
                as without_set,
              (select count(*) from match_set where day = ?::date) as sets,
              (select count(*) from match_set where day = ?::date and pick_count = 0) as empty,
              (select count(*) from match_pick where day = ?::date and summary is not null) as summarised`,
      [day, day, day, day],
    );
    return {
      matchable: Number(row?.matchable ?? 0),
      withoutSet: Number(row?.without_set ?? 0),
      sets: Number(row?.sets ?? 0),
      empty: Number(row?.empty ?? 0),
      summarised: Number(row?.summarised ?? 0),
    };
  }

  /** How many sets `day` has: a probe of the day's index, cheap enough to poll while a run writes. */
  async setCount(em: EntityManager, day: string): Promise<number> {
    const [row] = await sql<{ n: number | string }>(
      em,
      `select count(*) as n from match_set where day = ?::date`,
      [day],
    );
    return Number(row?.n ?? 0);
  }

  /** When the day's latest set was stored (undefined before its first). */
  async lastSetAt(em: EntityManager, day: string): Promise<Date | undefined> {
    const [row] = await sql<{ at: Date | string | null }>(
      em,
      `select max(created_at) as at from match_set where day = ?::date`,
      [day],
    );
    return row?.at ? new Date(row.at) : undefined;
  }

  async countSets(em: EntityManager, day: string, userIds?: string[]): Promise<number> {
    const filter = userIds?.length ? ` and user_id = any(?::uuid[])` : '';
    const [row] = await sql<{ n: number | string }>(
      em,
      `select count(*) as n from match_set where day = ?::date${filter}`,
      userIds?.length ? [day, userIds] : [day],
    );
    return Number(row?.n ?? 0);
  }
}
