/** A strong validator on the wire: the stored hex digest in quotes (RFC 9110 §8.8.3). */
export function entityTag(digest: string): string {
  return `"${digest}"`;
}

/**
 * Whether an If-None-Match header matches the current tag. If-None-Match uses the weak comparison
 * (§13.1.2), so `W/"…"` matches too, and `*` matches any existing representation.
 */
export function ifNoneMatchHits(header: string | undefined, digest: string): boolean {
  if (!header) return false;
  const current = entityTag(digest);
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === current);
}
