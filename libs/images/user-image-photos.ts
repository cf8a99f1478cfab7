import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/core';
import { LRUCache } from 'lru-cache';
import { BatchedRead } from '../persistence/batched-read.js';
import { ProfilePhotos } from '../profiles/index.js';

/** Profiles' ProfilePhotos port: who has a row in `user_image`, in one read (the bytes are not touched). */
@Injectable()
export class UserImagePhotos extends ProfilePhotos {
  private readonly withPhotoRead = new BatchedRead<{ user_id: string }>(
    'users-with-photo',
    'select user_id from user_image where user_id = any(?::uuid[])',
    (row) => row.user_id,
  );

  /**
   * Members seen with a photo lately, per process. A photo is replaced, never removed, except with its
   * account, whose profile and cards go with it; so "has a photo" once seen stays true wherever it is shown,
   * and only members without one are read again (a first upload shows at once). Bounded: 100,000 ids.
   */
  private readonly knownWithPhoto = new LRUCache<string, true>({ max: 100_000 });

  async withPhoto(userIds: readonly string[], em: EntityManager): Promise<Set<string>> {
    const found = new Set(userIds.filter((id) => this.knownWithPhoto.has(id)));
    const unknown = userIds.filter((id) => !found.has(id));
    if (unknown.length === 0) return found;
    for (const row of (await this.withPhotoRead.byId(em, unknown)).values()) {
      this.knownWithPhoto.set(row.user_id, true);
      found.add(row.user_id);
    }
    return found;
  }
}
