import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { ProfileAccess } from '../../../profiles/index.js';
import { ImageErrors } from '../../image-errors.js';
import { UserImageRepository } from '../../user-image.repository.js';
import { entityTag, ifNoneMatchHits } from './entity-tag.js';
import { FetchImageQuery, type FetchedImage } from './fetch-image.query.js';

@QueryHandler(FetchImageQuery)
export class FetchImageHandler implements IQueryHandler<FetchImageQuery> {
  constructor(
    private readonly access: ProfileAccess,
    private readonly images: UserImageRepository,
  ) {}

  async execute(query: FetchImageQuery): Promise<FetchedImage> {
    // The photo follows the profile's read rule, checked before anything about the photo is revealed.
    await this.access.assertCanView({ id: query.viewerId }, query.ownerId);
    if (query.ifNoneMatch) {
      const tag = await this.images.findTag(query.ownerId);
      if (tag === null) throw ImageErrors.noImage();
      if (ifNoneMatchHits(query.ifNoneMatch, tag)) return { notModified: true, etag: entityTag(tag) };
    }
    const photo = await this.images.findPhoto(query.ownerId);
    if (!photo) throw ImageErrors.noImage();
    return {
      notModified: false,
      etag: entityTag(photo.etag),
      contentType: photo.contentType,
      data: photo.data,
    };
  }
}
