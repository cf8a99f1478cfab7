import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { ProfilePhotos } from '../profiles/index.js';

/** Profiles' ProfilePhotos port: who has a row in `user_image`, in one read (the bytes are not touched). */
@Injectable()
export class UserImagePhotos extends ProfilePhotos {
  async withPhoto(userIds: readonly string[], em: EntityManager): Promise<Set<string>> {
    const unique = [...new Set(userIds)];
    if (unique.length === 0) return new Set();
    const rows = await (em as SqlEntityManager)
      .getConnection()
      .execute<{ user_id: string }[]>(
        `select user_id from user_image where user_id in (${unique.map(() => '?').join(', ')})`,
        unique,
        'all',
        em.getTransactionContext(),
      );
    return new Set(rows.map((row) => row.user_id));
  }
}
