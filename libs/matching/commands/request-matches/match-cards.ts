import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/core';
import { ProfileRepository, type ProfileView } from '../../../profiles/index.js';
import { BlockRepository } from '../../../safety/index.js';
import { ActiveAccounts } from '../../../shared/auth/active-accounts.port.js';
import type { StoredPick } from '../../match-sets/match-set.repository.js';

export type MatchCard = StoredPick & { profile: ProfileView };

/**
 * The cards of a user's picks: each candidate's profile from the profiles context, and only candidates
 * who are still there for this user now (not suspended, no block either way, checked with the owners at
 * read time, so a block or a suspension takes a card away at once).
 */
@Injectable()
export class MatchCards {
  constructor(
    private readonly profiles: ProfileRepository,
    private readonly blocks: BlockRepository,
    private readonly accounts: ActiveAccounts,
  ) {}

  async of(em: EntityManager, userId: string, picks: StoredPick[]): Promise<MatchCard[]> {
    const ids = picks.map((pick) => pick.candidateId);
    if (ids.length === 0) return [];
    const [views, blocked, active] = await Promise.all([
      this.profiles.findViews(ids, em),
      this.blocks.blockedEitherWay(em, userId, ids),
      this.accounts.activeAmong(ids),
    ]);
    const viewOf = new Map(views.map((view) => [view.id, view]));
    return picks.flatMap((pick) => {
      const profile = viewOf.get(pick.candidateId);
      return profile && active.has(pick.candidateId) && !blocked.has(pick.candidateId)
        ? [{ ...pick, profile }]
        : [];
    });
  }
}
