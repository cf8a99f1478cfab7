import type { EntityManager } from '@mikro-orm/core';
import { EmailVerificationToken, VERIFICATION_TOKEN_TTL_MS } from '../../email-verification-token.entity.js';
import { newSecretToken } from '../../secret-token.js';

/**
 * A new verification link's token for the account (random, stored hashed, valid 24 h), replacing every
 * earlier one; returns the token for the link. Used by RequestVerificationEmail and the CLI's seeder.
 */
export async function issueVerificationToken(em: EntityManager, userId: string): Promise<string> {
  await em.nativeDelete(EmailVerificationToken, { userId, usedAt: null });
  const { token, hash } = newSecretToken();
  const record = new EmailVerificationToken();
  record.userId = userId;
  record.tokenHash = hash;
  record.expiresAt = new Date(Date.now() + VERIFICATION_TOKEN_TTL_MS);
  em.persist(record);
  return token;
}
