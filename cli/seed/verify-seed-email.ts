import type { CommandBus } from '@nestjs/cqrs';
import type { MikroORM } from '@mikro-orm/core';
import {
  EmailVerificationToken,
  VERIFICATION_TOKEN_TTL_MS,
} from '../../libs/accounts/email-verification-token.entity.js';
import { newSecretToken } from '../../libs/accounts/secret-token.js';
import { VerifyEmailCommand } from '../../libs/accounts/commands/verify-email/verify-email.command.js';

/**
 * The verification flow without the mailbox: a token is issued exactly as RequestVerificationEmail
 * issues it (random, stored hashed, 24 h), and instead of mailing the link, the link's token goes straight
 * to VerifyEmailCommand — the same handler, checks and EmailVerified event as clicking the link. Seeded
 * addresses are on example.com; no mail is sent to them.
 */
export async function verifySeedEmail(orm: MikroORM, commands: CommandBus, userId: string): Promise<void> {
  const { token, hash } = newSecretToken();
  await orm.em.fork().transactional(async (em) => {
    const record = new EmailVerificationToken();
    record.userId = userId;
    record.tokenHash = hash;
    record.expiresAt = new Date(Date.now() + VERIFICATION_TOKEN_TTL_MS);
    em.persist(record);
  });
  await commands.execute(new VerifyEmailCommand(userId, token));
}
