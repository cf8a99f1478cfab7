import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

export type Sex = 'male' | 'female';
export const SEXES: readonly Sex[] = ['male', 'female'];

/** What a user tells others about themself. Plain data: the rules live in the DTO at the edge. */
@Entity({ tableName: 'profile' })
export class Profile {
  @PrimaryKey({ type: 'uuid' })
  userId!: string;

  @Property({ type: 'string', length: 80 })
  city!: string;

  @Property({ type: 'string', length: 2, columnType: 'char(2)' })
  state!: string;

  @Property({ type: 'integer' })
  age!: number;

  @Property({ type: 'string', length: 6 })
  gender!: Sex;

  @Property({ type: 'string', length: 6 })
  preferredSex!: Sex;

  /** Shown as 'Major/Degree'. */
  @Property({ type: 'string', length: 120 })
  education = '';

  /** Shown as 'Instagram Profile'. */
  @Property({ type: 'string', length: 120 })
  jobTitle = '';

  /** The one-sentence answer to what love is. */
  @Property({ type: 'text' })
  bio = '';

  @Property({ type: 'datetime' })
  updatedAt: Date = new Date();
}
