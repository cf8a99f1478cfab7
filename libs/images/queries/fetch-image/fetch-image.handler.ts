import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/core';
import { ProfileAccess } from '../../../profiles/index.js';
import { ImageErrors } from '../../image-errors.js';
import { UserImageRepository } from '../../user-image.repository.js';
import { entityTag, ifNoneMatchHits } from './entity-tag.js';
import { FetchImageQuery, type FetchedImage } from './fetch-image.query.js';

@QueryHandler(FetchImageQuery)
export class FetchImageHandler implements IQueryHandler<FetchImageQuery> {
  constructor(
    private readonly orm: MikroORM,
    private readonly access: ProfileAccess,
    private readonly images: UserImageRepository,
  ) {}

  async execute(query: FetchImageQuery): Promise<FetchedImage> {
    // The photo follows the profile's read rule, checked before anything about the photo is revealed.
    await this.access.assertCanView({ id: query.viewerId }, query.ownerId);
    const em = this.orm.em.fork();
    const image = await this.images.findHeaderByUserId(query.ownerId, em);
    if (!image) throw ImageErrors.noImage();
    const etag = entityTag(image.etag);
    if (ifNoneMatchHits(query.ifNoneMatch, image.etag)) return { notModified: true, etag };
    return {
      notModified: false,
      etag,
      contentType: image.contentType,
      data: await this.images.loadBytes(image, em),
    };
  }
}
