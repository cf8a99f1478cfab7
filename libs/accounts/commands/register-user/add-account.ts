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
