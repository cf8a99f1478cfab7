import type { AccessTokenClaims } from './access-tokens.js';

/**
 * Whether an access token's account may still act: it exists (not deleted), is not suspended, its sessions
 * have not been ended since the token was issued (`sessionVersion`), and its own sign-in was not logged out
 * (`signInId`). A port, so the guard in this shared lib does not read the accounts context's tables; accounts
 * implements it.
 */
export abstract class ActiveAccounts {
  /** `token`: the access token itself, for the one a password change keeps working (accounts knows its hash). */
  abstract isActive(claims: AccessTokenClaims, token?: string): Promise<boolean>;
  /** Of `userIds`, those that are active, in one read (match cards). */
  abstract activeAmong(userIds: readonly string[]): Promise<Set<string>>;
}
