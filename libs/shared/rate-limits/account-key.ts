import { createHash } from 'node:crypto';

/** Longer than any address RFC 5321 allows; what an attacker sends past it never reaches the hash. */
const MAX_EMAIL_LENGTH = 320;

/**
 * A fixed-size key for the account a request is about, taken before validation: a sha-256 of the trimmed,
 * lower-cased email (capped in length), else of the account id. Huge or hostile bodies cost the same
 * 64 characters of storage as a real address, and no address is stored in clear.
 */
export function accountKey(body: unknown, signedInUserId?: string): string | undefined {
  if (signedInUserId) return digest(`account:${signedInUserId}`);
  const { email, id } = (body ?? {}) as { email?: unknown; id?: unknown };
  if (typeof email === 'string') {
    const normalised = email.slice(0, MAX_EMAIL_LENGTH).trim().toLowerCase();
    if (normalised) return digest(`email:${normalised}`);
  }
  if (typeof id === 'string') {
    const trimmed = id.slice(0, 64).trim();
    if (trimmed) return digest(`account:${trimmed}`);
  }
  return undefined;
}

function digest(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
