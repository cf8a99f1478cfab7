import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import { BatchedRead } from '../persistence/batched-read.js';
import { PreparedStatement } from '../persistence/prepared-statement.js';
import { UserImage } from './user-image.entity.js';

export interface StoredImage {
  contentType: string;
  data: Buffer;
  etag: string;
  width: number;
  height: number;
}

export type Photo = Pick<StoredImage, 'contentType' | 'data' | 'etag'>;

@Injectable()
export class UserImageRepository {
  /** Conditional fetches are the common read of a photo, so the requests in flight ask together. */
  private readonly tags = new BatchedRead<{ user_id: string; etag: string }>(
    'photo-tags',
    'select user_id, etag from user_image where user_id = any(?::uuid[])',
    (row) => row.user_id,
  );

  private readonly photoOf = new PreparedStatement<{
    content_type: string;
    etag: string;
    data: Buffer | Uint8Array;
  }>('photo-with-bytes', 'select content_type, etag, data from user_image where user_id = ?');

  constructor(private readonly em: EntityManager) {}

  /** How many members have a photo (`fated stats`). */
  count(em: EntityManager = this.em): Promise<number> {
    return em.count(UserImage);
  }

  /** The photo's ETag digest alone: a conditional request (304) does not read the bytes. */
  async findTag(userId: string, em: EntityManager = this.em): Promise<string | null> {
    return (await this.tags.byId(em, [userId])).get(userId)?.etag ?? null;
  }

  /** The photo with its type and digest, read together so the tag always describes these bytes. */
  async findPhoto(userId: string, em: EntityManager = this.em): Promise<Photo | null> {
    const [row] = await this.photoOf.rows(em, [userId]);
    if (!row) return null;
    // PGlite hands bytea back as a Uint8Array, node-postgres as a Buffer.
    const data = Buffer.isBuffer(row.data) ? row.data : Buffer.from(row.data);
    return { contentType: row.content_type, etag: row.etag, data };
  }

  /** Replaces the user's photo (one statement, so two uploads at once cannot collide). */
  async replaceForUser(userId: string, image: StoredImage, em: EntityManager = this.em): Promise<void> {
    await em.upsert(UserImage, { userId, ...image, updatedAt: new Date() });
  }
}
