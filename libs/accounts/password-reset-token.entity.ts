import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

export const PASSWORD_RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

/** The one live password reset token of an account (a new request replaces it); only its SHA-256 is stored. */
@Entity({ tableName: 'password_reset_token' })
export class PasswordResetToken {
  @PrimaryKey({ type: 'uuid' })
  userId!: string;

  @Property({ type: 'string', length: 64 })
  tokenHash!: string;

  @Property({ type: 'datetime' })
  expiresAt!: Date;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();
}
