import type { PlannedSet } from '../../libs/matching/storage/match-set-writer.js';
import type { HandlerContext } from './handler-context.js';

export interface SeqMember {
  id: string;
  seq: number;
}

/** An account with its row in matching's read model; returns its id and seq. */
export async function matchMember(t: HandlerContext, name: string): Promise<SeqMember> {
  const id = await t.addAccount({ name });
  const [row] = await t.sql<{ seq: number }>(
    `insert into match_member (user_id, name, verified) values (?, ?, true) returning seq`,
    [id, name],
  );
  return { id, seq: Number(row!.seq) };
}

/** A set as a run would plan it: `candidates` as best, medium and worst, in that order. */
export function plannedSet(user: SeqMember, candidates: SeqMember[]): PlannedSet {
  const tiers = ['best', 'medium', 'worst'] as const;
  return {
    userId: user.id,
    userSeq: user.seq,
    refill: false,
    picks: candidates.map((candidate, i) => ({
      tier: tiers[i]!,
      candidateId: candidate.id,
      candidateSeq: candidate.seq,
      percent: 90 - i * 20,
    })),
  };
}
