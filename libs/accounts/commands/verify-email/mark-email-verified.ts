import type { EntityManager } from '@mikro-orm/core';
import type { Outbox } from '../../../messaging/outbox.js';
import { EmailVerified } from '../../events/email-verified.event.js';
import type { User } from '../../user.entity.js';

/**
 * The write of verification, in the caller's transaction: the account verified at `at` and EmailVerified,
 * once (false when it already was). VerifyEmailHandler calls it after checking the token; the bulk seeder
 * for a batch.
 */
export function markEmailVerified(em: EntityManager, outbox: Outbox, user: User, at: Date): boolean {
  if (user.verified) return false;
  user.emailVerifiedAt = at;
  outbox.record(em, new EmailVerified(user.id, { email: user.email, referredById: user.referredById }));
  return true;
}
