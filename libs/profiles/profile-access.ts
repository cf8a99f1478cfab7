import { Injectable } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { MikroORM } from '@mikro-orm/core';
import { UserRepository } from '../accounts/index.js';
import { BlockRepository } from '../safety/index.js';
import { introductionsIn, type Introductions } from '../shared/auth/introductions.port.js';
import { shownMatchesIn, type ShownMatches } from '../shared/auth/shown-matches.port.js';
import { ForbiddenError } from '../shared/domain-error.js';
import { ProfileErrors } from './profile-errors.js';

export type Visibility = 'visible' | 'not-a-match' | 'hidden';

/**
 * The one read rule for a user's profile and photo (design.md): the user themself, someone who was shown
 * this user as a match (matching's record, through the ShownMatches port), or someone the user is interested in or connected to
 * (connections), unless either blocked the other (safety), the two ended a connection (connections) or the owner
 * is suspended or deleted (accounts) — then the profile is as good as gone (404). Images use it too.
 */
@Injectable()
export class ProfileAccess {
  constructor(
    private readonly orm: MikroORM,
    private readonly accounts: UserRepository,
    private readonly blocks: BlockRepository,
    private readonly modules: ModuleRef,
  ) {}

  private introductions?: Introductions;
  private shownMatches?: ShownMatches;

  async visibility(viewerId: string, ownerId: string): Promise<Visibility> {
    // Self first: the common case needs no query.
    if (viewerId === ownerId) return 'visible';
    const em = this.orm.em;
    this.shownMatches ??= shownMatchesIn(this.modules);
    this.introductions ??= introductionsIn(this.modules);
    // The owners are asked at once: one round trip.
    const [status, shown, blocked, ended] = await Promise.all([
      this.accounts.statusOf(ownerId, em),
      this.shownMatches.wasShown(em, viewerId, ownerId),
      this.blocks.blockedEitherWay(em, ownerId, [viewerId]),
      this.introductions.ended(em, viewerId, ownerId),
    ]);
    // Deleted or suspended: gone for everyone. Blocked or unmatched: gone for the two of them. An id that never
    // was an account is "not yours" like any stranger's, so nobody learns which ids exist.
    if (status === 'deleted' || ended) return 'hidden';
    // Rarer than being shown, so asked only then.
    if (!shown && !(await this.introductions.introduced(em, viewerId, ownerId))) return 'not-a-match';
    if (status !== 'active') return 'hidden';
    return blocked.size > 0 ? 'hidden' : 'visible';
  }

  async assertCanView(viewer: { id: string }, ownerId: string): Promise<void> {
    const visibility = await this.visibility(viewer.id, ownerId);
    if (visibility === 'hidden') throw ProfileErrors.hidden();
    if (visibility === 'not-a-match')
      throw new ForbiddenError('You can only see your own profile and the profiles of your matches');
  }
}
