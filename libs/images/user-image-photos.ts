import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/core';
import { BatchedRead } from '../persistence/batched-read.js';
import { PreparedRead } from '../persistence/prepared-read.js';
import { ProfilePhotos } from '../profiles/index.js';

const withPhoto = new BatchedRead(
  new PreparedRead<{ user_id: string }>(
    'users-with-photo',
    'select user_id from user_image where user_id = any(?::uuid[])',
  ),
  (row) => row.user_id,
);

/** Profiles' ProfilePhotos port: who has a row in `user_image`, in one read (the bytes are not touched). */
@Injectable()
export class UserImagePhotos extends ProfilePhotos {
  async withPhoto(userIds: readonly string[], em: EntityManager): Promise<Set<string>> {
    if (userIds.length === 0) return new Set();
    const found = await withPhoto.byId(em, userIds);
    return new Set([...found.values()].map((row) => row.user_id));
  }
}
