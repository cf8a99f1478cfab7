import { randomUUID } from 'node:crypto';
import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

/** An account. The password is only ever held as an argon2id hash. */
@Entity({ tableName: 'app_user' })
export class User {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'string', length: 100 })
  name!: string;

  @Property({ type: 'string', length: 254 })
  email!: string;

  @Property({ type: 'string', length: 255, hidden: true })
  passwordHash!: string;

  @Property({ type: 'datetime', nullable: true })
  emailVerifiedAt: Date | null = null;

  @Property({ type: 'string', length: 32 })
  referralCode!: string;

  @Property({ type: 'uuid', nullable: true })
  referredById: string | null = null;

  /** Set by a moderator (`fated user suspend`): no sign-in, no sets, invisible to others. */
  @Property({ type: 'datetime', nullable: true })
  suspendedAt: Date | null = null;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();

  /**
   * Raised by a password change, a reset and a suspension: refresh sessions and access tokens issued under an
   * older version are refused, whatever was in flight when it changed.
   */
  @Property({ type: 'integer' })
  sessionVersion: number = 0;

  /**
   * The access token a password change was asked with (its SHA-256), issued under the version just ended: it
   * keeps working until `keptTokenUntil`, when it would have expired anyway. Every other token of that version is
   * refused.
   */
  @Property({ type: 'string', length: 64, nullable: true, hidden: true })
  keptTokenHash: string | null = null;

  @Property({ type: 'datetime', nullable: true })
  keptTokenUntil: Date | null = null;

  /** The kept token's id (`jti`): its sockets close with it. */
  @Property({ type: 'string', length: 64, nullable: true })
  keptTokenId: string | null = null;

  /** The sign-in the password change started for its asker: logging out of it ends the kept token too. */
  @Property({ type: 'uuid', nullable: true })
  keptSignInId: string | null = null;

  get verified(): boolean {
    return this.emailVerifiedAt !== null;
  }
}
