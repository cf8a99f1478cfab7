import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/core';
import {
  AccountNamed,
  AccountSuspended,
  AccountUnsuspended,
  EmailVerified,
  UserRegistered,
} from '../../accounts/index.js';
import type { IntegrationEvent } from '../../messaging/integration-event.js';
import { ProfileUpdated } from '../../profiles/index.js';
import { QuizSubmitted } from '../../quiz/index.js';
import type { Sex } from '../domain/eligibility.js';
import { isForeignKeyViolation, sql } from '../../persistence/sql.js';

/**
 * Matching's read model of other contexts (migration 20261125001100): `match_member` and `match_block`,
 * written only from their events (libs/matching/consumers/record-members) or, for a requester whose
 * events are still on their way, from the owners' current state. Every write is an upsert that keeps the
 * newer of two versions, so events may arrive late, twice or out of order.
 */
@Injectable()
export class MemberRepository {
  /**
   * Records account, profile and quiz events, one or a bulk seed's backlog: folded per member in memory,
   * newest version of each part, then one upsert statement that keeps the newer of the stored and the
   * incoming version of each part. Every consumer of a profile or quiz event does this first, so none
   * depends on which of them runs first. Falls back to one member at a time if one was deleted meanwhile.
   */
  async recordEvents(em: EntityManager, events: IntegrationEvent[]): Promise<void> {
    const rows = new Map<string, MemberRow>();
    for (const event of events) fold(rows, event);
    if (rows.size === 0) return;
    const upsertAll = (tx: EntityManager, batch: MemberRow[]) =>
      sql(
        tx,
        `insert into match_member as m
           (user_id, name, email, verified, suspended, status_at, gender, preferred_sex, bio, profile_at, choices, quiz_at)
         select x.user_id, coalesce(x.name, ''), coalesce(x.email, ''), x.verified, coalesce(x.suspended, false),
                coalesce(x.status_at, '1970-01-01T00:00:00Z'), x.gender, x.preferred_sex, coalesce(x.bio, ''),
                x.profile_at, x.choices::smallint[], x.quiz_at
           from json_to_recordset(?::json) as x(user_id uuid, name text, email text, verified boolean,
                suspended boolean, status_at timestamptz, gender text, preferred_sex text, bio text,
                profile_at timestamptz, choices text, quiz_at timestamptz)
         on conflict (user_id) do update set
           name = case when excluded.email <> '' then excluded.name else m.name end,
           email = case when excluded.email <> '' then excluded.email else m.email end,
           verified = m.verified or excluded.verified,
           suspended = case when excluded.status_at >= m.status_at then excluded.suspended else m.suspended end,
           status_at = greatest(m.status_at, excluded.status_at),
           gender = case when ${newer('profile_at')} then excluded.gender else m.gender end,
           preferred_sex = case when ${newer('profile_at')} then excluded.preferred_sex else m.preferred_sex end,
           bio = case when ${newer('profile_at')} then excluded.bio else m.bio end,
           profile_at = greatest(m.profile_at, excluded.profile_at),
           choices = case when ${newer('quiz_at')} then excluded.choices else m.choices end,
           quiz_at = greatest(m.quiz_at, excluded.quiz_at)`,
        [JSON.stringify(batch)],
      );
    const all = [...rows.values()];
    try {
      await em.transactional((savepoint) => upsertAll(savepoint, all));
    } catch (error) {
      if (!isForeignKeyViolation(error)) throw error;
      for (const row of all) {
        await em
          .transactional((savepoint) => upsertAll(savepoint, [row]))
          .catch((rowError: unknown) => {
            if (!isForeignKeyViolation(rowError)) throw rowError;
          });
      }
    }
  }

  async recordBlock(em: EntityManager, userId: string, blockedUserId: string): Promise<void> {
    await upsert(
      em,
      `insert into match_block (user_id, blocked_user_id) values (?, ?) on conflict do nothing`,
      [userId, blockedUserId],
    );
  }

  async recordUnblock(em: EntityManager, userId: string, blockedUserId: string): Promise<void> {
    await sql(em, `delete from match_block where user_id = ? and blocked_user_id = ?`, [
      userId,
      blockedUserId,
    ]);
  }

  /**
   * Which of `userIds` are still members, each held until the caller's transaction ends: `for key share`, as
   * a foreign key check would, so an account deletion waits for the caller's writes and then removes them
   * with the member (migration 20261126000100), and a member deleted first is simply not returned.
   */
  async holdPresent(em: EntityManager, userIds: readonly string[]): Promise<Set<string>> {
    if (userIds.length === 0) return new Set();
    const rows = await sql<{ user_id: string }>(
      em,
      `select user_id from match_member where user_id = any(?::uuid[]) for key share`,
      [userIds],
    );
    return new Set(rows.map((row) => row.user_id));
  }
}

/**
 * An event about an account deleted meanwhile has nobody to describe: the foreign key to the account
 * refuses the row, and that is the right outcome, not a failure to retry. A savepoint keeps the
 * caller's transaction (and its processed-event mark) usable.
 */
async function upsert(em: EntityManager, text: string, params: unknown[]): Promise<void> {
  try {
    await em.transactional((savepoint) => sql(savepoint, text, params));
  } catch (error) {
    if (isForeignKeyViolation(error)) return;
    throw error;
  }
}

/** One member's parts as a batch of events left them (null: no event said anything about that part). */
interface MemberRow {
  user_id: string;
  name: string | null;
  email: string | null;
  verified: boolean;
  suspended: boolean | null;
  status_at: string | null;
  gender: Sex | null;
  preferred_sex: Sex | null;
  bio: string | null;
  profile_at: string | null;
  choices: string | null;
  quiz_at: string | null;
}

function fold(rows: Map<string, MemberRow>, event: IntegrationEvent): void {
  const userId = event.aggregateId;
  let row = rows.get(userId);
  if (!row) {
    row = {
      user_id: userId,
      name: null,
      email: null,
      verified: false,
      suspended: null,
      status_at: null,
      gender: null,
      preferred_sex: null,
      bio: null,
      profile_at: null,
      choices: null,
      quiz_at: null,
    };
    rows.set(userId, row);
  }
  const at = event.occurredAt.toISOString();
  if (event instanceof UserRegistered || event instanceof AccountNamed) {
    row.name = event.payload.name;
    row.email = event.payload.email;
  } else if (event instanceof EmailVerified) {
    row.verified = true;
  } else if (event instanceof AccountSuspended || event instanceof AccountUnsuspended) {
    if (row.status_at === null || at >= row.status_at) {
      row.suspended = event instanceof AccountSuspended;
      row.status_at = at;
    }
  } else if (event instanceof ProfileUpdated) {
    const { gender, preferredSex, bio } = event.payload;
    if (gender && preferredSex && (row.profile_at === null || at >= row.profile_at)) {
      Object.assign(row, { gender, preferred_sex: preferredSex, bio: bio ?? '', profile_at: at });
    }
  } else if (event instanceof QuizSubmitted) {
    if (row.quiz_at === null || at >= row.quiz_at) {
      row.choices = `{${event.payload.choices.join(',')}}`;
      row.quiz_at = at;
    }
  }
}

/** SQL: the incoming part is at least as new as the stored one. */
function newer(column: 'profile_at' | 'quiz_at'): string {
  return `excluded.${column} is not null and (m.${column} is null or excluded.${column} >= m.${column})`;
}
