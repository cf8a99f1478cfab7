import type { PasswordHasher } from '../../libs/accounts/index.js';

/** Every seeded account signs in with this password unless --password says otherwise. */
export const DEFAULT_SEED_PASSWORD = 'fated-seed-password';

/**
 * argon2 costs about 90 ms a hash here, which would make 100 000 seeded sign-ups take hours. Seeded
 * accounts share one password by design, so the hasher that RegisterUserHandler uses is told to hash it
 * once and hand out that (salted) hash again for the same password; any other password is hashed as
 * usual. Only the CLI process does this, and only for the password it was given.
 */
export function hashSeedPasswordOnce(hasher: PasswordHasher, password: string): Promise<string> {
  const hash = hasher.hash.bind(hasher);
  const shared = hash(password);
  hasher.hash = (candidate: string) => (candidate === password ? shared : hash(candidate));
  return shared;
}
