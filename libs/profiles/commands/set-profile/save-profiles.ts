import type { EntityManager } from '@mikro-orm/core';
import type { Outbox } from '../../../messaging/outbox.js';
import { ProfileUpdated } from '../../events/profile-updated.event.js';
import { Profile } from '../../profile.entity.js';
import type { ProfileFields } from '../../profile-view.js';

/**
 * The write of "set profile", in the caller's transaction: each profile created or replaced (one statement
 * for all, so no race) and its ProfileUpdated, which commits with it so the matcher never misses (or sees a
 * phantom) change. SetProfileHandler calls it for one user; the bulk seeder for a batch.
 */
export async function saveProfiles(
  em: EntityManager,
  outbox: Outbox,
  profiles: readonly { userId: string; fields: ProfileFields }[],
  at: Date = new Date(),
): Promise<void> {
  if (profiles.length === 0) return;
  await em.upsertMany(
    Profile,
    profiles.map(({ userId, fields }) => ({ userId, ...fields, updatedAt: at })),
  );
  for (const { userId, fields } of profiles) {
    const { gender, preferredSex, bio } = fields;
    outbox.record(em, new ProfileUpdated(userId, { userId, gender, preferredSex, bio }));
  }
}
