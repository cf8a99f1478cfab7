import type { EntityManager } from '@mikro-orm/core';

/**
 * Which users have a photo, for the profile view's imageUrl. A port, because images owns the photos and
 * its module imports this one (the photo follows the profile's read rule); images implements it.
 */
export abstract class ProfilePhotos {
  /** Of `userIds`, those with a photo, in one read. */
  abstract withPhoto(userIds: readonly string[], em: EntityManager): Promise<Set<string>>;
}
