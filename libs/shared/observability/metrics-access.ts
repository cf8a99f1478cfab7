import { timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import type { AppConfig } from '../../config/app-config.js';

/** `open`: serve; `unauthorized`: 401 (a token is set, the request lacks it); `hidden`: 404. */
export type MetricsAccess = 'open' | 'unauthorized' | 'hidden';

/**
 * Who may read the metrics: the bearer METRICS_TOKEN always; on a development or test installation also
 * anyone on the machine itself (the socket's peer, never a forwarded address). In production without a
 * token nobody: the endpoint does not exist.
 */
export function metricsAccess(
  config: AppConfig,
  authorization: string | undefined,
  peerAddress: string | undefined,
): MetricsAccess {
  const token = config.metrics.token;
  if (token && bearerMatches(authorization, token)) return 'open';
  if (config.env !== 'production' && isLoopback(peerAddress)) return 'open';
  return token ? 'unauthorized' : 'hidden';
}

function bearerMatches(authorization: string | undefined, token: string): boolean {
  // The scheme's name is case-insensitive (RFC 9110, 11.1).
  const offered = /^Bearer (.+)$/i.exec(authorization ?? '')?.[1];
  if (!offered) return false;
  const a = Buffer.from(offered);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.startsWith('::ffff:') ? address.slice(7) : address;
  if (isIP(plain) === 4) return plain.startsWith('127.');
  return plain === '::1';
}
