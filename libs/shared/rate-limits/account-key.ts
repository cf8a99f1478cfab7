import { createHash } from 'node:crypto';
import { isUuid } from '../http/is-id.js';

/** Longer than any address RFC 5321 allows; what an attacker sends past it never reaches the hash. */
const MAX_EMAIL_LENGTH = 320;

/**
 * Which field of a request names the account a sign-in route is about; on a signed-in user's routes, which of
 * the user's own (`email`: counted with sign-in's guesses at the same password).
 */
export type AccountField = 'email' | 'id';

/**
 * A fixed-size key for the account a request is about, taken before validation: a sha-256 of the signed-in
 * user's id or address, else of the route's own account field only (a field the route ignores never changes the key):
 * the email as accounts store it (NFC, trimmed, lower-cased; capped in length), or the account id when it is a uuid, lower-cased. Huge or
 * hostile bodies cost the same 64 characters of storage as a real address, and no address is stored in clear.
 */
export function accountKey(
  body: unknown,
  field: AccountField,
  signedIn?: { id: string; email: string },
): string | undefined {
  const value = signedIn ? signedIn[field] : ((body ?? {}) as Record<string, unknown>)[field];
  if (typeof value !== 'string') return undefined;
  if (field === 'id') return isUuid(value) ? digest(`account:${value.toLowerCase()}`) : undefined;
  const normalised = value.slice(0, MAX_EMAIL_LENGTH).normalize('NFC').trim().toLowerCase();
  return normalised ? digest(`email:${normalised}`) : undefined;
}

function digest(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
