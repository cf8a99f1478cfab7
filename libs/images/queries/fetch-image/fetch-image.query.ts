import { Query } from '@nestjs/cqrs';

export type FetchedImage =
  | { notModified: true; etag: string }
  | { notModified: false; etag: string; contentType: string; data: Buffer };

export class FetchImageQuery extends Query<FetchedImage> {
  constructor(
    readonly viewerId: string,
    readonly ownerId: string,
    readonly ifNoneMatch: string | undefined,
  ) {
    super();
  }
}
