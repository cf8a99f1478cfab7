import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import { UserImage } from './user-image.entity.js';

export interface StoredImage {
  contentType: string;
  data: Buffer;
  etag: string;
  width: number;
  height: number;
}

@Injectable()
export class UserImageRepository {
  constructor(private readonly em: EntityManager) {}

  /** The photo's headers (type, ETag) without its bytes. */
  findHeaderByUserId(userId: string, em: EntityManager = this.em): Promise<UserImage | null> {
    return em.findOne(UserImage, { userId });
  }

  async loadBytes(image: UserImage, em: EntityManager = this.em): Promise<Buffer> {
    await em.populate(image, ['data']);
    // PGlite hands bytea back as a Uint8Array, node-postgres as a Buffer.
    return Buffer.isBuffer(image.data) ? image.data : Buffer.from(image.data);
  }

  /** Replaces the user's photo (one statement, so two uploads at once cannot collide). */
  async replaceForUser(userId: string, image: StoredImage, em: EntityManager = this.em): Promise<void> {
    await em.upsert(UserImage, { userId, ...image, updatedAt: new Date() });
  }
}
