import { percentForDistance } from '../domain/compatibility.js';
import { WORDS_PER_VECTOR } from '../domain/packed-answers.js';
import { hashString } from '../domain/tiebreak.js';
import { TIERS } from '../domain/tiers.js';
import type { CandidatePool, PoolGroup } from '../pool/candidate-pool.js';
import type { RecentPairIndex } from '../pool/recent-pair-index.js';
import type { ScoringGroup } from '../scoring/scoring-group.js';
import type { Seeker } from '../scoring/seeker-batch.js';
import { tiersAt } from '../scoring/simd-tiers4.js';
import type { PlannedPick } from '../storage/match-set-writer.js';

/** Scores seekers against a group: RESULT_STRIDE numbers each (ScoringThreads.score, or scoreBatch inline). */
export type ScoreSeekers = (group: ScoringGroup, seekers: readonly Seeker[]) => Promise<Int32Array>;

/** A user to pick for, with the ids they must not meet (blocks; recent pairs when no index is given). */
export interface PickRequest {
  userId: string;
  avoid?: ReadonlySet<string>;
}

/**
 * Scores many users of one day against their candidate groups and picks best, medium and worst: the
 * users are batched per candidate group and scored four at a time in one sweep of the group
 * (libs/matching/scoring, the same picks as domain/tiers.ts's chooseTiers, checked by its property test).
 * Exclusions, rule 3 of domain/eligibility.ts by position: the user themself, `avoid` (blocks, and the
 * window's pairs without an index) and the repeat window's partners from `recent`.
 */
export async function pickTiers(
  pool: CandidatePool,
  day: string,
  requests: readonly PickRequest[],
  recent: RecentPairIndex | undefined,
  score: ScoreSeekers,
): Promise<Map<string, PlannedPick[]>> {
  const picks = new Map<string, PlannedPick[]>();
  const batches = new Map<PoolGroup, { userIds: string[]; seekers: Seeker[] }>();
  for (const { userId, avoid } of requests) {
    const me = pool.locate(userId);
    const group = me && pool.candidatesFor(me);
    picks.set(userId, []);
    if (!me || !group || group.size === 0) continue;
    const excluded: number[] = me.group === group ? [me.position] : [];
    for (const other of avoid ?? []) {
      const position = group.positionOf(other);
      if (position !== undefined) excluded.push(position);
    }
    if (recent) {
      for (const partner of recent.partnersOf(me.group.seqs[me.position]!)) {
        const position = group.positionOfSeq(partner);
        if (position >= 0) excluded.push(position);
      }
    }
    const base = me.position * WORDS_PER_VECTOR;
    let batch = batches.get(group);
    if (!batch) batches.set(group, (batch = { userIds: [], seekers: [] }));
    batch.userIds.push(userId);
    batch.seekers.push({
      words: me.group.words.subarray(base, base + WORDS_PER_VECTOR),
      seed: hashString(`${userId}|${day}`),
      excluded,
    });
  }
  const scored = await Promise.all(
    [...batches].map(async ([group, batch]) => ({
      group,
      ...batch,
      results: await score(group.scoring(), batch.seekers),
    })),
  );
  for (const { group, userIds, results } of scored) {
    userIds.forEach((userId, i) => {
      const { tiers } = tiersAt(results, i);
      picks.set(
        userId,
        TIERS.flatMap((tier) => {
          const pick = tiers[tier];
          return pick
            ? [
                {
                  tier,
                  candidateId: group.ids[pick.position]!,
                  candidateSeq: group.seqs[pick.position]!,
                  percent: percentForDistance(pick.distance),
                },
              ]
            : [];
        }),
      );
    });
  }
  return picks;
}
