/**
 * Deterministic tie-breaking. Many candidates share a percent; picking the first by id would hand the
 * same person to everyone, so ties are broken by a hash of (user, day) mixed with the candidate's hash:
 * stable for a given user and day, different across users.
 */
export function hashString(value: string): number {
  // FNV-1a, 32 bit.
  let hash = 0x811c9dc5;
  for (let i = 0; i < value.length; i++) {
    hash ^= value.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** The murmur3 finaliser: spreads every input bit over the output. */
export function mix32(value: number): number {
  let x = value >>> 0;
  x ^= x >>> 16;
  x = Math.imul(x, 0x85ebca6b);
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35);
  x ^= x >>> 16;
  return x >>> 0;
}
