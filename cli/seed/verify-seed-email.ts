import type { CommandBus } from '@nestjs/cqrs';
import type { MikroORM } from '@mikro-orm/core';
import { issueVerificationToken, VerifyEmailCommand } from '../../libs/accounts/index.js';

/**
 * The verification flow without the mailbox: a token is issued exactly as RequestVerificationEmail
 * issues it, and instead of mailing the link, the link's token goes straight to VerifyEmailCommand — the
 * same handler, checks and EmailVerified event as clicking the link. Seeded addresses are on example.com;
 * no mail is sent to them.
 */
export async function verifySeedEmail(orm: MikroORM, commands: CommandBus, userId: string): Promise<void> {
  const token = await orm.em.fork().transactional((em) => issueVerificationToken(em, userId));
  await commands.execute(new VerifyEmailCommand(userId, token));
}
