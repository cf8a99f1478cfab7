import { Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { ForbiddenError } from '../shared/domain-error.js';
import { ProfileErrors } from './profile-errors.js';

export type Visibility = 'visible' | 'not-a-match' | 'hidden';

/**
 * The one read rule for a user's profile and photo (design.md): the user themself, or someone who was shown
 * this user as a match (a row in matching's `match_pick`), unless either blocked the other or the owner is
 * suspended or deleted — then the profile is as good as gone (404). Images use it too.
 */
@Injectable()
export class ProfileAccess {
  constructor(private readonly orm: MikroORM) {}

  async visibility(viewerId: string, ownerId: string): Promise<Visibility> {
    // Self first: the common case needs no query.
    if (viewerId === ownerId) return 'visible';
    const [row] = await (this.orm.em.fork() as SqlEntityManager)
      .getConnection()
      .execute<{ active: boolean; deleted: boolean; shown: boolean; blocked: boolean }[]>(
        `select exists (select 1 from app_user where id = ? and suspended_at is null) as active,
              exists (select 1 from deleted_account where id_hash = sha256(convert_to(?, 'UTF8'))) as deleted,
              exists (select 1 from match_pick where user_id = ? and candidate_id = ?) as shown,
              exists (select 1 from user_block
                       where (user_id = ? and blocked_user_id = ?) or (user_id = ? and blocked_user_id = ?)) as blocked`,
        [ownerId, ownerId, viewerId, ownerId, viewerId, ownerId, ownerId, viewerId],
        'all',
      );
    // Deleted or suspended: gone for everyone. Blocked: gone for the two of them. An id that never was an
    // account is "not yours" like any stranger's, so nobody learns which ids exist.
    if (row?.deleted) return 'hidden';
    if (!row?.shown) return 'not-a-match';
    if (!row.active) return 'hidden';
    return row.blocked ? 'hidden' : 'visible';
  }

  /** Shown to `viewerId` as a match at some point, whatever happened since (reports need this). */
  async wasShown(viewerId: string, ownerId: string): Promise<boolean> {
    const rows = await (this.orm.em.fork() as SqlEntityManager)
      .getConnection()
      .execute(
        `select 1 from match_pick where user_id = ? and candidate_id = ? limit 1`,
        [viewerId, ownerId],
        'all',
      );
    return rows.length > 0;
  }

  async assertCanView(viewer: { id: string }, ownerId: string): Promise<void> {
    const visibility = await this.visibility(viewer.id, ownerId);
    if (visibility === 'hidden') throw ProfileErrors.hidden();
    if (visibility === 'not-a-match')
      throw new ForbiddenError('You can only see your own profile and the profiles of your matches');
  }
}
