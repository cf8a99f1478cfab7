import { randomUUID } from 'node:crypto';
import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

export const VERIFICATION_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;

/** A single-use email verification token; only its SHA-256 is stored. */
@Entity({ tableName: 'email_verification_token' })
export class EmailVerificationToken {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'uuid' })
  userId!: string;

  @Property({ type: 'string', length: 64 })
  tokenHash!: string;

  @Property({ type: 'datetime' })
  expiresAt!: Date;

  @Property({ type: 'datetime', nullable: true })
  usedAt: Date | null = null;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();

  isUsableAt(now: Date): boolean {
    return this.usedAt === null && this.expiresAt.getTime() > now.getTime();
  }
}
