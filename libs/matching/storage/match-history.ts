import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/core';
import { ShownMatches } from '../../shared/auth/shown-matches.port.js';
import type { Tier } from '../domain/tiers.js';
import { sql } from '../../persistence/sql.js';

/**
 * What other contexts may read of the stored sets: who was shown whom (profiles' and safety's ShownMatches
 * port; connections' interest window), the latest pick of a pair (PairAsSeen) and a member's whole history
 * (the data export). Read-only: the sets are written by the daily run and requests alone.
 */
@Injectable()
export class MatchHistory extends ShownMatches {
  /** Whether `viewerId` was ever shown `ownerId` as a match, whatever happened since (the profile read rule, reports). */
  async wasShown(em: EntityManager, viewerId: string, ownerId: string): Promise<boolean> {
    const rows = await sql(em, `select 1 from match_pick where user_id = ? and candidate_id = ? limit 1`, [
      viewerId,
      ownerId,
    ]);
    return rows.length > 0;
  }

  /** Whether `viewerId` was shown `ownerId` on `sinceDay` or later (interest: someone from the last 30 days' sets). */
  async wasShownSince(
    em: EntityManager,
    viewerId: string,
    ownerId: string,
    sinceDay: string,
  ): Promise<boolean> {
    const rows = await sql(
      em,
      `select 1 from match_pick where user_id = ? and candidate_id = ? and day >= ?::date limit 1`,
      [viewerId, ownerId, sinceDay],
    );
    return rows.length > 0;
  }

  /** The latest pick that showed `candidateId` to `userId`: the pair's percent and the summary written for it. */
  async latestPickOf(
    em: EntityManager,
    userId: string,
    candidateId: string,
  ): Promise<{ percent: number; summary: string } | undefined> {
    const [row] = await sql<{ percent: number; summary: string | null }>(
      em,
      `select percent, summary from match_pick where user_id = ? and candidate_id = ? order by day desc limit 1`,
      [userId, candidateId],
    );
    return row && { percent: Number(row.percent), summary: row.summary ?? '' };
  }

  /** Every pick a user was shown, newest day first (the data export). */
  async historyOf(
    em: EntityManager,
    userId: string,
  ): Promise<
    { day: string; tier: Tier; candidateId: string; name: string; percent: number; summary: string }[]
  > {
    const rows = await sql<{
      day: string | Date;
      tier: Tier;
      candidate_id: string;
      name: string;
      percent: number;
      summary: string | null;
    }>(
      em,
      `select to_char(m.day, 'YYYY-MM-DD') as day, m.tier, m.candidate_id, u.name, m.percent, m.summary
         from match_pick m join match_member u on u.user_id = m.candidate_id
        where m.user_id = ? order by m.day desc, m.tier`,
      [userId],
    );
    return rows.map((row) => ({
      day: String(row.day),
      tier: row.tier,
      candidateId: row.candidate_id,
      name: row.name,
      percent: Number(row.percent),
      summary: row.summary ?? '',
    }));
  }
}
