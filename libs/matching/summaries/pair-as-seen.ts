import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/core';
import { MatchHistory } from '../storage/match-history.js';
import { PickSummaries } from './pick-summaries.js';

/**
 * A pair's percent and summary as one of them reads them (connections' "Interested in you" card): a summary
 * speaks to its reader ("You and {name}…"), so the other's pick of them will not do as it is.
 */
@Injectable()
export class PairAsSeen {
  constructor(
    private readonly history: MatchHistory,
    private readonly summaries: PickSummaries,
  ) {}

  /**
   * From the viewer's own latest pick of `otherId`, else from `otherId`'s pick of the viewer with a summary
   * written now from the viewer's side (not stored). Undefined when neither was shown the other.
   */
  async of(
    em: EntityManager,
    viewerId: string,
    otherId: string,
  ): Promise<{ percent: number; summary: string } | undefined> {
    const own = await this.history.latestPickOf(em, viewerId, otherId);
    if (own?.summary) return own;
    const pick = own ?? (await this.history.latestPickOf(em, otherId, viewerId));
    return pick && { percent: pick.percent, summary: await this.summaries.writeFor(em, viewerId, otherId) };
  }
}
