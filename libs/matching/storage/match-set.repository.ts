import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/core';
import { LRUCache } from 'lru-cache';
import type { Tier } from '../domain/tiers.js';
import { BatchedRead } from '../../persistence/batched-read.js';
import { decodePairs } from '../pool/recent-pair-index.js';
import { sql } from '../../persistence/sql.js';
import { numbers } from '../persistence/columns.js';

export interface Pick {
  userId: string;
  userSeq: number;
  tier: Tier;
  candidateId: string;
  candidateSeq: number;
  percent: number;
}

/** A stored pick whose summary is not written yet (PickSummaries writes it). */
export interface UnsummarisedPick {
  userId: string;
  day: string;
  tier: Tier;
  candidateId: string;
}

export interface ExistingSet {
  userId: string;
  pickCount: number;
  /** An empty set may be recomputed once a compatible newcomer was announced to the user after it. */
  promiseSince: boolean;
}

export interface SummaryPersonRow {
  userId: string;
  name: string;
  bio: string;
  choices: number[];
  /** The model that embedded this person's answers and bio, if any. */
  embeddingModel: string | null;
}

/** A pick as its card shows it; the card's profile fields come from the profiles context. */
export interface StoredPick {
  tier: Tier;
  candidateId: string;
  percent: number;
  summary: string;
}

interface SetRow {
  /** '<user id> <day>', as asked. */
  key: string;
  pick_count: number;
  promise_since: boolean;
  picks: StoredPick[];
}

/** Match sets and picks. One set per (user, day) is the table's primary key, not a convention. */
@Injectable()
export class MatchSetRepository {
  /**
   * Every POST /match/new reads the requester's set of the day first, so the requests in flight read
   * together: one statement for all their sets, each set one row with its picks as JSON. The pick join is
   * per set, so the day's partition is picked at run time for each.
   */
  private readonly setRows = new BatchedRead<SetRow>(
    'match-sets-of',
    `select k.key, s.pick_count,
              s.pick_count = 0 and exists (select 1 from compatible_signup_notice n
                                            where n.user_id = s.user_id and n.sent_at > s.created_at) as promise_since,
              coalesce((select json_agg(json_build_object('tier', p.tier, 'candidateId', p.candidate_id,
                                                          'percent', p.percent, 'summary', coalesce(p.summary, '')))
                          from match_pick p where p.user_id = s.user_id and p.day = s.day), '[]') as picks
         from unnest(?::text[]) as k(key)
         join match_set s on s.user_id = split_part(k.key, ' ', 1)::uuid and s.day = split_part(k.key, ' ', 2)::date`,
    (row) => row.key,
  );

  /**
   * Sets of a day whose picks all have their summary, seen lately, per process. Such a set never changes: one
   * set per member and day, picks are only ever added with the set, and a summary is written once. What can
   * change is checked at every read by the card's owners (a candidate deleted, suspended, blocked or with a
   * new profile), so a cached set is never shown wrong, and any gateway may cache it. Bounded by size: 64 MB
   * holds about 17,000 sets with summaries of ~540 characters, the members who read again within minutes on a
   * busy morning (a cache smaller than the members re-reading in a cycle misses every time).
   */
  private readonly completeSets = new LRUCache<string, StoredPick[]>({
    maxSize: 64 << 20,
    sizeCalculation: (picks) => picks.reduce((bytes, pick) => bytes + 120 + 2 * pick.summary.length, 64),
  });

  /** Every set of the day (the daily run reads them once; most days hold few before it). */
  setsOfDay(em: EntityManager, day: string): Promise<ExistingSet[]> {
    return this.setsWhere(em, day);
  }

  /** Every block, as [blocker, blocked] (the daily run reads them once). */
  async allBlocks(em: EntityManager): Promise<[string, string][]> {
    const rows = await sql<{ user_id: string; blocked_user_id: string }>(
      em,
      `select user_id, blocked_user_id from match_block`,
    );
    return rows.map((row) => [row.user_id, row.blocked_user_id]);
  }

  /**
   * The sets of the day of `userIds`, each found by its key. A chunk of the schedule asks while the day
   * fills: read by the day alone (with the ids as a filter, the plan the day's stale statistics favour) it
   * walked every set stored so far, chunk after chunk. The `limit 1` keeps each lookup a probe of the key.
   */
  async existingSets(em: EntityManager, day: string, userIds: string[]): Promise<ExistingSet[]> {
    if (userIds.length === 0) return [];
    const rows = await sql<SetStateRow>(
      em,
      `select s.user_id, s.pick_count, ${PROMISE_SINCE} as promise_since
         from unnest(?::uuid[]) as u(id)
        cross join lateral (select * from match_set m where m.user_id = u.id and m.day = ?::date limit 1) s`,
      [userIds, day],
    );
    return rows.map(toExistingSet);
  }

  private async setsWhere(em: EntityManager, day: string): Promise<ExistingSet[]> {
    const rows = await sql<SetStateRow>(
      em,
      `select s.user_id, s.pick_count, ${PROMISE_SINCE} as promise_since from match_set s where s.day = ?::date`,
      [day],
    );
    return rows.map(toExistingSet);
  }

  /**
   * Pairs kept apart (rule 3 of domain/eligibility.ts): shown on the days of `window`, or blocked, in
   * which any of `userIds` took part, in either direction. `window` null: blocks only (the caller has the
   * window's picks from a RecentPairIndex).
   */
  async recentPairs(
    em: EntityManager,
    window: { from: string; until: string } | null,
    userIds: string[],
  ): Promise<[string, string][]> {
    if (userIds.length === 0) return [];
    const blocks = `select user_id, blocked_user_id from match_block where user_id = any(?::uuid[]) or blocked_user_id = any(?::uuid[])`;
    const rows = await sql<{ user_id: string; candidate_id: string }>(
      em,
      window
        ? `select user_id, candidate_id from match_pick
            where day between ?::date and ?::date and (user_id = any(?::uuid[]) or candidate_id = any(?::uuid[]))
           union all ${blocks}`
        : blocks,
      window ? [window.from, window.until, userIds, userIds, userIds, userIds] : [userIds, userIds],
    );
    return rows.map((row) => [row.user_id, row.candidate_id]);
  }

  async summaryPeople(em: EntityManager, userIds: string[]): Promise<SummaryPersonRow[]> {
    if (userIds.length === 0) return [];
    const rows = await sql<{
      user_id: string;
      name: string;
      bio: string | null;
      choices: unknown;
      embedding_model: string | null;
    }>(
      em,
      `select v.user_id, m.name, m.bio, v.choices, v.embedding_model
         from personality_vector v join match_member m on m.user_id = v.user_id
        where v.user_id = any(?::uuid[])`,
      [userIds],
    );
    return rows.map((row) => ({
      userId: row.user_id,
      name: row.name,
      bio: row.bio ?? '',
      choices: numbers(row.choices),
      embeddingModel: row.embedding_model ?? null,
    }));
  }

  /** `userId`'s picks without a summary (of one day, or of every day for the data export). */
  async picksWithoutSummary(em: EntityManager, userId: string, day?: string): Promise<UnsummarisedPick[]> {
    const rows = await sql<{ user_id: string; day: string; tier: Tier; candidate_id: string }>(
      em,
      `select user_id, to_char(day, 'YYYY-MM-DD') as day, tier, candidate_id from match_pick
        where user_id = ?::uuid and summary is null${day ? ' and day = ?::date' : ''}`,
      day ? [userId, day] : [userId],
    );
    return rows.map(unsummarised);
  }

  /** The picks of `day` without a summary of any of `userIds`. */
  async dayPicksWithoutSummary(
    em: EntityManager,
    day: string,
    userIds: string[],
  ): Promise<UnsummarisedPick[]> {
    if (userIds.length === 0) return [];
    const rows = await sql<{ user_id: string; day: string; tier: Tier; candidate_id: string }>(
      em,
      `select user_id, to_char(day, 'YYYY-MM-DD') as day, tier, candidate_id from match_pick
        where day = ?::date and user_id = any(?::uuid[]) and summary is null`,
      [day, userIds],
    );
    return rows.map(unsummarised);
  }

  /**
   * Up to `limit` members after `after` (in id order) with a pick of `day` still without its summary: the
   * summary pass walks a day with it, and a pass that stopped part-way resumes where the work is.
   */
  async membersWithoutSummaries(
    em: EntityManager,
    day: string,
    after: string | undefined,
    limit: number,
  ): Promise<string[]> {
    const rows = await sql<{ user_id: string }>(
      em,
      `select distinct user_id from match_pick
        where day = ?::date and summary is null and user_id > ?::uuid
        order by user_id limit ?::int`,
      [day, after ?? '00000000-0000-0000-0000-000000000000', limit],
    );
    return rows.map((row) => row.user_id);
  }

  /** Stores first summaries; a summary already written (by a concurrent reader) is kept. */
  async saveSummaries(
    em: EntityManager,
    summaries: (UnsummarisedPick & { summary: string })[],
  ): Promise<void> {
    if (summaries.length === 0) return;
    await sql(
      em,
      `update match_pick m set summary = x.summary
         from unnest(?::uuid[], ?::date[], ?::varchar[], ?::text[]) as x(user_id, day, tier, summary)
        where m.user_id = x.user_id and m.day = x.day and m.tier = x.tier and m.summary is null`,
      [
        summaries.map((pick) => pick.userId),
        summaries.map((pick) => pick.day),
        summaries.map((pick) => pick.tier),
        summaries.map((pick) => pick.summary),
      ],
    );
  }

  /**
   * Vacuums the day's partition of picks (skipped while another session vacuums it). A summary pass rewrites
   * every pick of the day it reaches, leaving the old versions dead beside the new ones; until a vacuum, the
   * morning's first reads of those picks visit both versions and set each row's commit hint (measured at
   * 100k members: about a quarter of PostgreSQL's time for a set read). Autovacuum would get there, but not
   * before the morning's reads. Pages all-visible since an earlier vacuum are skipped (the visibility map).
   */
  async vacuumDay(em: EntityManager, day: string): Promise<void> {
    const partition = `match_pick_${day.replaceAll('-', '')}`;
    if (!/^match_pick_\d{8}$/.test(partition)) throw new RangeError(`not a calendar day: ${day}`);
    const [row] = await sql<{ found: boolean }>(em, `select to_regclass(?) is not null as found`, [
      partition,
    ]);
    if (row?.found) await sql(em, `vacuum (skip_locked) ${partition}`);
  }

  /** Claims (user, day) for each user; returns the users whose set this call created. Losers of a race get nothing. */
  async claimSets(
    em: EntityManager,
    day: string,
    sets: { userId: string; pickCount: number }[],
    at: Date,
  ): Promise<Set<string>> {
    if (sets.length === 0) return new Set();
    const claimed = await sql<{ user_id: string }>(
      em,
      `insert into match_set (user_id, day, pick_count, created_at)
       select x.user_id, ?::date, x.pick_count, ?::timestamptz
         from unnest(?::uuid[], ?::smallint[]) as x(user_id, pick_count)
       on conflict (user_id, day) do nothing returning user_id`,
      [day, at.toISOString(), sets.map((set) => set.userId), sets.map((set) => set.pickCount)],
    );
    return new Set(claimed.map((row) => row.user_id));
  }

  /** Turns an empty set into a filled one; only one of several concurrent callers succeeds. */
  async refillEmptySet(
    em: EntityManager,
    day: string,
    userId: string,
    pickCount: number,
    at: Date,
  ): Promise<boolean> {
    const rows = await sql(
      em,
      `update match_set set pick_count = ?, created_at = ?::timestamptz
        where user_id = ? and day = ?::date and pick_count = 0 returning user_id`,
      [pickCount, at.toISOString(), userId, day],
    );
    return rows.length > 0;
  }

  /** Creates the day's partition of match_pick unless one covers it (migration 20261125001400-picks-by-day). */
  async ensureDay(em: EntityManager, day: string): Promise<void> {
    await sql(em, `select ensure_match_pick_day(?::date)`, [day]);
  }

  /**
   * One statement for a block's picks, each column bound as one array (see persistence/sql.ts).
   * The seqs come from the pool the picks were scored in (a member's seq never changes). The same statement
   * appends the picks' packed pairs to match_day_pairs, which the no-repeat window reads. The caller holds
   * every member named here (MatchSetWriter): there are no foreign keys to check row by row.
   */
  async insertPicks(em: EntityManager, day: string, picks: Pick[], at: Date): Promise<void> {
    if (picks.length === 0) return;
    const pairs = Buffer.alloc(picks.length * 8);
    picks.forEach((pick, index) => {
      pairs.writeInt32BE(pick.userSeq, index * 8);
      pairs.writeInt32BE(pick.candidateSeq, index * 8 + 4);
    });
    await sql(
      em,
      `with inserted as (
         insert into match_pick (user_id, day, tier, candidate_id, percent, created_at, user_seq, candidate_seq)
         select x.user_id, ?::date, x.tier, x.candidate_id, x.percent, ?::timestamptz, x.user_seq, x.candidate_seq
           from unnest(?::uuid[], ?::varchar[], ?::uuid[], ?::smallint[], ?::int[], ?::int[])
             as x(user_id, tier, candidate_id, percent, user_seq, candidate_seq)
       )
       insert into match_day_pairs (day, pairs) values (?::date, ?::bytea)`,
      [
        day,
        at.toISOString(),
        picks.map((pick) => pick.userId),
        picks.map((pick) => pick.tier),
        picks.map((pick) => pick.candidateId),
        picks.map((pick) => pick.percent),
        picks.map((pick) => pick.userSeq),
        picks.map((pick) => pick.candidateSeq),
        day,
        pairs,
      ],
    );
  }

  /**
   * Every pick of one day as (user_seq, candidate_seq) int pairs, as the writes of the day stored them in
   * match_day_pairs: a day of a million members crosses the wire as 24 MB of bytes in a few hundred rows
   * instead of three million picks.
   */
  async pairsOfDay(em: EntityManager, day: string): Promise<Int32Array[]> {
    // As base64 text, which Node decodes natively: PGlite parses the hex of a bytea in JavaScript, a
    // character at a time.
    const rows = await sql<{ pairs: string }>(
      em,
      `select encode(pairs, 'base64') as pairs from match_day_pairs where day = ?::date`,
      [day],
    );
    return rows.map((row) => decodePairs(Buffer.from(row.pairs, 'base64')));
  }

  /** Pairs of days before `day` go: the window never reads them. */
  async forgetPairsBefore(em: EntityManager, day: string): Promise<void> {
    await sql(em, `delete from match_day_pairs where day < ?::date`, [day]);
  }

  async hasSet(em: EntityManager, userId: string, day: string): Promise<boolean> {
    const rows = await sql(em, `select 1 from match_set where user_id = ? and day = ?::date`, [userId, day]);
    return rows.length > 0;
  }

  /**
   * A user's set of one day in one read: whether it exists, whether it is an empty set with a newcomer
   * announced since (which may be refilled), and its picks.
   */
  async setOf(
    em: EntityManager,
    userId: string,
    day: string,
  ): Promise<{ set: ExistingSet | undefined; picks: StoredPick[] }> {
    const key = `${userId} ${day}`;
    const complete = this.completeSets.get(key);
    if (complete)
      return { set: { userId, pickCount: complete.length, promiseSince: false }, picks: complete };
    const row = (await this.setRows.byId(em, [key])).get(key);
    if (!row) return { set: undefined, picks: [] };
    const set = { userId, pickCount: Number(row.pick_count), promiseSince: row.promise_since };
    const picks = row.picks.map((pick) => ({
      ...pick,
      percent: Number(pick.percent),
    }));
    if (picks.length > 0 && picks.length === set.pickCount && picks.every((pick) => pick.summary !== ''))
      this.completeSets.set(key, Object.freeze(picks.map((pick) => Object.freeze(pick))) as StoredPick[]);
    return { set, picks };
  }

  /** A user's picks of one day (who, tier, percent and the summary once written). */
  async picksOf(em: EntityManager, userId: string, day: string): Promise<StoredPick[]> {
    return (await this.setOf(em, userId, day)).picks;
  }
}

function unsummarised(row: {
  user_id: string;
  day: string;
  tier: Tier;
  candidate_id: string;
}): UnsummarisedPick {
  return { userId: row.user_id, day: String(row.day), tier: row.tier, candidateId: row.candidate_id };
}

/** An empty set made before a compatible newcomer was announced to its member (it may be made again). */
const PROMISE_SINCE = `exists (select 1 from compatible_signup_notice n where n.user_id = s.user_id and n.sent_at > s.created_at)`;

interface SetStateRow {
  user_id: string;
  pick_count: number;
  promise_since: boolean;
}

function toExistingSet(row: SetStateRow): ExistingSet {
  return { userId: row.user_id, pickCount: Number(row.pick_count), promiseSince: row.promise_since };
}
