import { Logger } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/core';
import { AppConfig } from '../../../config/app-config.js';
import { Mailer } from '../../../notifications/index.js';
import { verificationMail } from '../../../notifications/index.js';
import { AccountErrors } from '../../account-errors.js';
import { issueVerificationToken } from './issue-verification-token.js';
import { UserRepository } from '../../user.repository.js';
import { RequestVerificationEmailCommand } from './request-verification-email.command.js';

@CommandHandler(RequestVerificationEmailCommand)
export class RequestVerificationEmailHandler implements ICommandHandler<RequestVerificationEmailCommand> {
  private readonly logger = new Logger('VerificationEmail');

  constructor(
    private readonly orm: MikroORM,
    private readonly users: UserRepository,
    private readonly mailer: Mailer,
    private readonly config: AppConfig,
  ) {}

  async execute(command: RequestVerificationEmailCommand): Promise<{ sent: true }> {
    const { user, token } = await this.orm.em.fork().transactional(async (em) => {
      const user = await this.users.findById(command.userId, em);
      if (!user) throw AccountErrors.accountNotFound();
      if (user.verified) throw AccountErrors.alreadyVerified();
      return { user, token: await issueVerificationToken(em, user.id) };
    });
    const link = `${this.config.publicUrl}/verifyEmail/${user.id}/${token}`;
    await this.mailer.send(verificationMail({ email: user.email }, link));
    // Without SMTP (never in production) the link is only in the .eml file; log it so a local user can click
    // it. The address is never logged.
    if (this.mailer.writesToFiles) this.logger.log(`verification link for account ${user.id}: ${link}`);
    return { sent: true };
  }
}
