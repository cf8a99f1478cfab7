import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/core';
import { MATCHABLE_MEMBER, type MemberFacts, type Sex } from '../../domain/eligibility.js';
import { sql } from '../../../persistence/sql.js';
import { numbers } from '../../persistence/columns.js';

export interface Newcomer extends MemberFacts {
  userId: string;
  choices: number[] | null;
}

export interface WaitingUser {
  userId: string;
  name: string;
  email: string;
  choices: number[];
}

@Injectable()
export class WaitingUsersRepository {
  async newcomer(em: EntityManager, userId: string): Promise<Newcomer | undefined> {
    const [row] = await sql<{
      verified: boolean;
      suspended: boolean;
      gender: Sex | null;
      preferred_sex: Sex | null;
      choices: unknown;
    }>(
      em,
      // The newcomer's own vector may not be built yet (another consumer does that): their stored answers
      // stand for it (MemberFacts.answered).
      `select verified, suspended, gender, preferred_sex, choices from match_member where user_id = ?`,
      [userId],
    );
    if (!row) return undefined;
    return {
      userId,
      verified: row.verified,
      suspended: row.suspended,
      gender: row.gender,
      preferredSex: row.preferred_sex,
      answered: row.choices !== null,
      choices: row.choices ? numbers(row.choices) : null,
    };
  }

  /**
   * Whether anyone's most recent set was empty: without such a person no newcomer has anybody to be
   * announced to (the usual case, and all of a bulk seed), and one probe of the partial index of empty
   * sets (match_set_empty_idx) spares the per-newcomer queries.
   */
  async anyoneWaiting(em: EntityManager): Promise<boolean> {
    const rows = await sql(
      em,
      `select 1 from match_set s
        where s.pick_count = 0
          and not exists (select 1 from match_set later where later.user_id = s.user_id and later.day > s.day)
        limit 1`,
    );
    return rows.length > 0;
  }

  /**
   * Matchable users other than the newcomer whose most recent set was empty, of the kind the newcomer
   * seeks (`soughtBy`, rules 1 and 2 of domain/eligibility.ts), not told about this newcomer yet.
   */
  async waitingFor(
    em: EntityManager,
    newcomerId: string,
    sought: { gender: Sex; preferredSex: Sex },
  ): Promise<WaitingUser[]> {
    const rows = await sql<{ user_id: string; name: string; email: string; choices: unknown }>(
      em,
      `select u.user_id, u.name, u.email, m.choices
         from match_set s
         join ${MATCHABLE_MEMBER} m on m.user_id = s.user_id
         join match_member u on u.user_id = s.user_id
        where s.pick_count = 0
          and not exists (select 1 from match_set later where later.user_id = s.user_id and later.day > s.day)
          and u.user_id <> ?
          and m.gender = ? and m.preferred_sex = ?
          and not exists (select 1 from compatible_signup_notice n where n.user_id = u.user_id and n.newcomer_id = ?)`,
      [newcomerId, sought.gender, sought.preferredSex, newcomerId],
    );
    return rows.map((row) => ({
      userId: row.user_id,
      name: row.name,
      email: row.email,
      choices: numbers(row.choices),
    }));
  }

  /** Records the notices; returns the users for whom this call recorded one (so each mail goes once). */
  async recordNotices(
    em: EntityManager,
    newcomerId: string,
    notices: { userId: string; percent: number }[],
    at: Date,
  ): Promise<Set<string>> {
    if (notices.length === 0) return new Set();
    const rows = await sql<{ user_id: string }>(
      em,
      `insert into compatible_signup_notice (user_id, newcomer_id, percent, sent_at)
       select x.user_id, ?::uuid, x.percent, ?::timestamptz from unnest(?::uuid[], ?::smallint[]) as x(user_id, percent)
       on conflict do nothing returning user_id`,
      [
        newcomerId,
        at.toISOString(),
        notices.map((notice) => notice.userId),
        notices.map((notice) => notice.percent),
      ],
    );
    return new Set(rows.map((row) => row.user_id));
  }

  /** Of `userIds`, those kept apart from the newcomer (rule 3): shown with them on the days of `window`, or blocked either way. */
  async recentlyPaired(
    em: EntityManager,
    newcomerId: string,
    userIds: string[],
    window: { from: string; until: string },
  ): Promise<Set<string>> {
    if (userIds.length === 0) return new Set();
    const rows = await sql<{ other: string }>(
      em,
      `select case when user_id = ?::uuid then candidate_id else user_id end as other from match_pick
        where day between ?::date and ?::date
          and ((user_id = ?::uuid and candidate_id = any(?::uuid[])) or (candidate_id = ?::uuid and user_id = any(?::uuid[])))
       union
       select case when user_id = ?::uuid then blocked_user_id else user_id end from match_block
        where (user_id = ?::uuid and blocked_user_id = any(?::uuid[])) or (blocked_user_id = ?::uuid and user_id = any(?::uuid[]))`,
      [
        newcomerId,
        window.from,
        window.until,
        newcomerId,
        userIds,
        newcomerId,
        userIds,
        newcomerId,
        newcomerId,
        userIds,
        newcomerId,
        userIds,
      ],
    );
    return new Set(rows.map((row) => row.other));
  }
}
