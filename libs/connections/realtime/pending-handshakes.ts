import type { IncomingMessage } from 'node:http';
import proxyaddr from 'proxy-addr';
import { clientKey } from '../../shared/rate-limits/client-key.js';

/**
 * Engine.IO sessions that have not joined yet, counted per client (its IPv4 address or IPv6 /64, as the
 * HTTP rate limits count). Engine.IO opens a session on any handshake and keeps it until Socket.IO's
 * connect timeout, before the access token is even read: without a bound one client could hold thousands of
 * them (78 MB for 20,000). A real client joins within milliseconds of its handshake; the bound leaves room
 * for many members behind one address (a carrier's NAT) reconnecting at once after a restart.
 */
export class PendingHandshakes {
  private readonly pending = new Map<string, number>();
  private readonly clientOf: (request: IncomingMessage) => string;

  constructor(
    private readonly limit: number,
    trustProxy: number | string[] | false,
  ) {
    // The address Express's `request.ip` would give under the same TRUST_PROXY setting.
    const trust =
      trustProxy === false
        ? undefined
        : typeof trustProxy === 'number'
          ? (_address: string, hop: number) => hop < trustProxy
          : proxyaddr.compile(trustProxy);
    this.clientOf = (request) => clientKey(trust ? proxyaddr(request, trust) : request.socket.remoteAddress);
  }

  /** Whether a new session of the request's client may open (Engine.IO's `allowRequest`, handshakes only). */
  allows(request: IncomingMessage): boolean {
    return (this.pending.get(this.clientOf(request)) ?? 0) < this.limit;
  }

  /** A session opened: counted until `joined` or `closed` ends it, whichever comes first; returns that end. */
  opened(request: IncomingMessage): () => void {
    const client = this.clientOf(request);
    this.pending.set(client, (this.pending.get(client) ?? 0) + 1);
    let counted = true;
    return () => {
      if (!counted) return;
      counted = false;
      const left = (this.pending.get(client) ?? 1) - 1;
      if (left > 0) this.pending.set(client, left);
      else this.pending.delete(client);
    };
  }
}
