import type { EntityManager } from '@mikro-orm/core';
import type { Outbox } from '../../../messaging/outbox.js';
import { UserRegistered } from '../../events/user-registered.event.js';
import { newReferralCode } from '../../secret-token.js';
import { User } from '../../user.entity.js';
import { normalizeEmail } from '../../user.repository.js';

export interface NewAccount {
  name: string;
  email: string;
  passwordHash: string;
  referredById: string | null;
  createdAt?: Date;
}

/**
 * Referral codes are 8 random characters of 32 (40 bits): with a million accounts, a new code meets an
 * existing one about once in a million sign-ups, and the unique index refuses it. The write is then tried
 * again with new codes; a few tries make a second meeting vanishingly rare.
 */
const REFERRAL_CODE_TRIES = 5;

/** Runs `write` (a transaction that calls addAccount) again while it fails only on a referral code already taken. */
export async function withFreshReferralCodes<T>(write: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      if (attempt >= REFERRAL_CODE_TRIES || !isReferralCodeTaken(error)) throw error;
    }
  }
}

function isReferralCodeTaken(error: unknown): boolean {
  const { constraint, message } = error as { constraint?: string; message?: string };
  return (constraint ?? message ?? '').includes('app_user_referral_code_uq');
}

/**
 * The write of sign-up, in the caller's transaction: the account (its own referral code, the email as
 * stored) and UserRegistered. RegisterUserHandler calls it after its checks; the bulk seeder for a batch.
 */
export function addAccount(em: EntityManager, outbox: Outbox, account: NewAccount): User {
  const user = new User();
  user.name = account.name;
  user.email = normalizeEmail(account.email);
  user.passwordHash = account.passwordHash;
  user.referralCode = newReferralCode();
  user.referredById = account.referredById;
  if (account.createdAt) user.createdAt = account.createdAt;
  em.persist(user);
  outbox.record(
    em,
    new UserRegistered(user.id, { name: user.name, email: user.email, referredById: user.referredById }),
  );
  return user;
}
