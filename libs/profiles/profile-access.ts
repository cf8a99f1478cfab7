import { Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { ForbiddenError } from '../shared/domain-error.js';

/**
 * The one read rule for a user's profile and photo (design.md): the user themself, or someone who was shown
 * this user as a match (a row in matching's `match_pick`). Images use it too, so the rule lives only here.
 */
@Injectable()
export class ProfileAccess {
  constructor(private readonly orm: MikroORM) {}

  async canView(viewerId: string, ownerId: string): Promise<boolean> {
    // Self first: the common case needs no query.
    if (viewerId === ownerId) return true;
    const rows = await (this.orm.em.fork() as SqlEntityManager)
      .getConnection()
      .execute(`select 1 from match_pick where user_id = ? and candidate_id = ? limit 1`, [viewerId, ownerId], 'all');
    return rows.length > 0;
  }

  async assertCanView(viewer: { id: string }, ownerId: string): Promise<void> {
    if (!(await this.canView(viewer.id, ownerId))) {
      throw new ForbiddenError('You can only see your own profile and the profiles of your matches');
    }
  }
}
