import { timingSafeEqual } from 'node:crypto';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { LockMode, MikroORM } from '@mikro-orm/core';
import { Outbox } from '../../../messaging/outbox.js';
import { AccountErrors } from '../../account-errors.js';
import { markEmailVerified } from '../verify-email/mark-email-verified.js';
import { PasswordHasher } from '../../password-hasher.js';
import { PasswordResetToken } from '../../password-reset-token.entity.js';
import { RefreshSessions } from '../../refresh-sessions.js';
import { hashSecretToken } from '../../secret-token.js';
import { User } from '../../user.entity.js';
import { ResetPasswordCommand } from './reset-password.command.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The mailed link proves the person owns the address: the token is spent, the password replaced, every
 * sign-in of the account ended, and an unverified account becomes verified.
 */
@CommandHandler(ResetPasswordCommand)
export class ResetPasswordHandler implements ICommandHandler<ResetPasswordCommand> {
  constructor(
    private readonly orm: MikroORM,
    private readonly hasher: PasswordHasher,
    private readonly sessions: RefreshSessions,
    private readonly outbox: Outbox,
  ) {}

  async execute(command: ResetPasswordCommand): Promise<{ reset: true }> {
    if (!UUID.test(command.userId)) throw AccountErrors.invalidResetToken();
    const passwordHash = await this.hasher.hash(command.password);
    const reset = await this.orm.em.fork().transactional(async (em) => {
      const record = await em.findOne(
        PasswordResetToken,
        { userId: command.userId },
        { lockMode: LockMode.PESSIMISTIC_WRITE },
      );
      if (!record || !sameHash(record.tokenHash, hashSecretToken(command.token))) return false;
      em.remove(record);
      if (record.expiresAt.getTime() <= Date.now()) return false;
      const user = await em.findOne(User, { id: command.userId });
      if (!user || user.suspendedAt) return false;
      user.passwordHash = passwordHash;
      // The reset link came by mail, so the address is proven.
      markEmailVerified(em, this.outbox, user, new Date());
      await this.sessions.revokeAllOf(em, user.id);
      return true;
    });
    if (!reset) throw AccountErrors.invalidResetToken();
    return { reset: true };
  }
}

function sameHash(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}
