import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

/** A user's one photo, already re-encoded and stripped of metadata. */
@Entity({ tableName: 'user_image' })
export class UserImage {
  @PrimaryKey({ type: 'uuid' })
  userId!: string;

  @Property({ type: 'string', length: 32 })
  contentType!: string;

  /** Lazy: answering a conditional request (304) must not read the bytes. */
  @Property({ type: 'blob', lazy: true })
  data!: Buffer;

  /** Hex sha256 of `data`: a strong validator, the same on every gateway instance. */
  @Property({ type: 'string', length: 80 })
  etag!: string;

  @Property({ type: 'integer' })
  width!: number;

  @Property({ type: 'integer' })
  height!: number;

  @Property({ type: 'datetime' })
  updatedAt: Date = new Date();
}
