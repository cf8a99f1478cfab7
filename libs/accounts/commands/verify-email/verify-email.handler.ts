import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { LockMode, MikroORM } from '@mikro-orm/core';
import { Outbox } from '../../../messaging/outbox.js';
import { AccountErrors } from '../../account-errors.js';
import { EmailVerificationToken } from '../../email-verification-token.entity.js';
import { hashSecretToken } from '../../secret-token.js';
import { UserRepository } from '../../user.repository.js';
import { markEmailVerified } from './mark-email-verified.js';
import { VerifyEmailCommand } from './verify-email.command.js';

@CommandHandler(VerifyEmailCommand)
export class VerifyEmailHandler implements ICommandHandler<VerifyEmailCommand> {
  constructor(
    private readonly orm: MikroORM,
    private readonly users: UserRepository,
    private readonly outbox: Outbox,
  ) {}

  execute(command: VerifyEmailCommand): Promise<{ verified: true }> {
    return this.orm.em.fork().transactional(async (em) => {
      const now = new Date();
      const token = await em.findOne(
        EmailVerificationToken,
        { userId: command.userId, tokenHash: hashSecretToken(command.token) },
        // Locked so two concurrent clicks cannot both use one token.
        { lockMode: LockMode.PESSIMISTIC_WRITE },
      );
      if (!token || !token.isUsableAt(now)) throw AccountErrors.invalidVerificationToken();
      const user = await this.users.findById(command.userId, em);
      if (!user) throw AccountErrors.invalidVerificationToken();
      token.usedAt = now;
      markEmailVerified(em, this.outbox, user, now);
      return { verified: true as const };
    });
  }
}
