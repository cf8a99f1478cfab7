import { randomUUID } from 'node:crypto';
import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/**
 * A sign-in not remembered ('Remember me' off) ends with the browser session; a browser that restores session
 * cookies, or a copy of one, is cut off by the server after this long without a refresh.
 */
export const SESSION_REFRESH_TOKEN_TTL_MS = 12 * 60 * 60 * 1000;

/**
 * One refresh token of a sign-in. Every refresh rotates the token within the same family, which has one live
 * token at a time; presenting a token that was rotated more than a grace ago means it leaked, and the whole
 * family is revoked.
 */
@Entity({ tableName: 'refresh_session' })
export class RefreshSession {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'uuid' })
  userId!: string;

  @Property({ type: 'uuid' })
  familyId!: string;

  @Property({ type: 'string', length: 64 })
  tokenHash!: string;

  @Property({ type: 'datetime' })
  expiresAt!: Date;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime', nullable: true })
  rotatedAt: Date | null = null;

  @Property({ type: 'datetime', nullable: true })
  revokedAt: Date | null = null;

  /** The account's session version when this token was issued; an older one than the account's is refused. */
  @Property({ type: 'integer' })
  sessionVersion: number = 0;

  /** Whether the sign-in asked to be remembered: its cookie outlives the browser session. */
  @Property({ type: 'boolean' })
  persistent: boolean = true;

  /** Once rotated: the successor token, encrypted with a key only this token's clear value gives. */
  @Property({ type: 'text', nullable: true, hidden: true })
  successorSealed: string | null = null;
}
