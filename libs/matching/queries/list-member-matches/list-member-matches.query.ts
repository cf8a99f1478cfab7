import { Query } from '@nestjs/cqrs';
import type { Tier } from '../../domain/tiers.js';

/** A pick as an operator sees it: the candidate's name from the card, beside tier, percent and summary. */
export interface MemberMatch {
  tier: Tier;
  percent: number;
  candidateId: string;
  name: string;
  summary: string;
}

export interface MemberMatches {
  /** False: no set yet for the day; true with no picks: the empty state. */
  hasSet: boolean;
  picks: MemberMatch[];
}

/** A member's set of one day, for an operator (`fated user show`). */
export class ListMemberMatchesQuery extends Query<MemberMatches> {
  constructor(
    readonly userId: string,
    readonly day: string,
  ) {
    super();
  }
}
