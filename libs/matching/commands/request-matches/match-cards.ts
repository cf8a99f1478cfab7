import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/core';
import { ConnectionRepository, type PairState } from '../../../connections/index.js';
import { ProfileRepository, type ProfileView } from '../../../profiles/index.js';
import { BlockRepository } from '../../../safety/index.js';
import { ActiveAccounts } from '../../../shared/auth/active-accounts.port.js';
import { stillPresent } from '../../domain/eligibility.js';
import type { StoredPick } from '../../storage/match-set.repository.js';

export type MatchCard = StoredPick & { profile: ProfileView; pair: PairState | undefined };

/**
 * The cards of a user's picks: each candidate's profile from the profiles context, and only candidates
 * still there for this user now (`stillPresent`, asked of accounts, safety and connections at read time),
 * with the pair's interest or connection (connections).
 */
@Injectable()
export class MatchCards {
  constructor(
    private readonly profiles: ProfileRepository,
    private readonly blocks: BlockRepository,
    private readonly accounts: ActiveAccounts,
    private readonly connections: ConnectionRepository,
  ) {}

  async of(em: EntityManager, userId: string, picks: StoredPick[]): Promise<MatchCard[]> {
    const ids = picks.map((pick) => pick.candidateId);
    if (ids.length === 0) return [];
    const [views, blocked, active, pairs] = await Promise.all([
      this.profiles.findViews(ids, em),
      this.blocks.blockedEitherWay(em, userId, ids),
      this.accounts.activeAmong(ids),
      this.connections.statesAmong(em, userId, ids),
    ]);
    const viewOf = new Map(views.map((view) => [view.id, view]));
    return picks.flatMap((pick) => {
      const profile = viewOf.get(pick.candidateId);
      const pair = pairs.get(pick.candidateId);
      const present = stillPresent({
        active: active.has(pick.candidateId),
        blocked: blocked.has(pick.candidateId),
        ended: pair?.ended ?? false,
      });
      return profile && present ? [{ ...pick, profile, pair }] : [];
    });
  }
}
