import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A random URL-safe token and the hash that is stored instead of it. */
export function newSecretToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashSecretToken(token) };
}

export function hashSecretToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Whether `token` is the one whose hash was stored, compared in constant time. */
export function matchesSecretToken(storedHash: string, token: string): boolean {
  const hash = hashSecretToken(token);
  return storedHash.length === hash.length && timingSafeEqual(Buffer.from(storedHash), Buffer.from(hash));
}

/** A short, unambiguous referral code (no 0/O/1/I). */
export function newReferralCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(8);
  return Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join('');
}
