import { randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/core';
import { AppConfig } from '../../../config/app-config.js';
import { Mailer } from '../../../notifications/index.js';
import { passwordResetMail } from '../../../notifications/index.js';
import { PasswordResetToken, PASSWORD_RESET_TOKEN_TTL_MS } from '../../password-reset-token.entity.js';
import { newSecretToken } from '../../secret-token.js';
import { UserRepository } from '../../user.repository.js';
import { RequestPasswordResetCommand } from './request-password-reset.command.js';

/**
 * Answers the same for every well-formed email. Known or not, the same reads and writes happen (an unknown
 * address deletes the token of a random id) and the mail leaves in the background, so neither the answer
 * nor its timing tells whether an account exists.
 */
@CommandHandler(RequestPasswordResetCommand)
export class RequestPasswordResetHandler implements ICommandHandler<RequestPasswordResetCommand> {
  private readonly logger = new Logger('PasswordReset');

  constructor(
    private readonly orm: MikroORM,
    private readonly users: UserRepository,
    private readonly mailer: Mailer,
    private readonly config: AppConfig,
  ) {}

  async execute(command: RequestPasswordResetCommand): Promise<{ sent: true }> {
    const { token, hash } = newSecretToken();
    const user = await this.orm.em.fork().transactional(async (em) => {
      const user = await this.users.findByEmail(command.email, em);
      // A new request replaces the old token.
      await em.nativeDelete(PasswordResetToken, { userId: user?.id ?? randomUUID() });
      if (!user || user.suspendedAt) return null;
      const record = new PasswordResetToken();
      record.userId = user.id;
      record.tokenHash = hash;
      record.expiresAt = new Date(Date.now() + PASSWORD_RESET_TOKEN_TTL_MS);
      em.persist(record);
      return user;
    });
    if (user) {
      const link = `${this.config.publicUrl}/resetPassword/${user.id}/${token}`;
      this.mailer
        .send(passwordResetMail(user.email, user.verified ? user.name : null, link))
        .then(() => {
          // Not the link: whoever reads the log could take the account over. The mail file has it.
          if (this.mailer.writesToFiles)
            this.logger.log(`password reset mail for account ${user.id} written to ${this.config.outboxDir}`);
        })
        .catch((error: Error) =>
          this.logger.error(`reset mail to account ${user.id} not sent: ${error.message}`),
        );
    }
    return { sent: true };
  }
}
