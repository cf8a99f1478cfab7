import type { INestApplicationContext } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { createAdapter, type PostgresAdapter } from '@socket.io/postgres-adapter';
import pg from 'pg';
import type { Namespace, Server, ServerOptions } from 'socket.io';

/**
 * The adapter's heartbeat timeout: every live gateway is heard from within it (each heartbeats every 5 s),
 * and a starting one announces itself before it takes sockets.
 */
const PEERS_HEARD_WITHIN_MS = 10_000;

/**
 * The adapter NOTIFYs every broadcast, and delivers it here only after PostgreSQL answered, even when no other
 * gateway listens: a statement per message, and this gateway reading its own notification back. It knows its
 * peers from their heartbeats (as its own fetchSockets does), so a gateway that has heard from nobody since a
 * heartbeat timeout after its start keeps its broadcasts to itself.
 */
export function postgresAdapterLocalWhileAlone(
  pool: pg.Pool,
  peersHeardWithinMs = PEERS_HEARD_WITHIN_MS,
): Parameters<Server['adapter']>[0] {
  const create = createAdapter(pool);
  // Socket.IO constructs the adapter with `new`: a function, not an arrow.
  return function (nsp: Namespace) {
    const adapter = create(nsp);
    const startedAt = Date.now();
    const broadcast = adapter.broadcast.bind(adapter);
    adapter.broadcast = async (...[packet, opts]: Parameters<PostgresAdapter['broadcast']>) => {
      const alone = Date.now() - startedAt >= peersHeardWithinMs && (await adapter.serverCount()) === 1;
      return broadcast(packet, alone ? { ...opts, flags: { ...opts.flags, local: true } } : opts);
    };
    return adapter;
  } as unknown as Parameters<Server['adapter']>[0];
}

/**
 * The adapter's pool. The adapter retries a failed connect every 1–3 s, and a connect in flight when it is
 * closed arms the next retry after its close: against an ended pool that retried forever and kept the process
 * alive. Once closed, a connect here never settles, so no retry is armed.
 */
class AdapterPool extends pg.Pool {
  closed = false;

  override connect(...args: unknown[]): never {
    if (this.closed) return new Promise(() => undefined) as never;
    return (super.connect as (...a: unknown[]) => never)(...args);
  }
}

/**
 * Socket.IO over PostgreSQL's LISTEN/NOTIFY (@socket.io/postgres-adapter): with several gateways sharing a
 * database, what one gateway emits to a member's room reaches that member's sockets on every other. Its own
 * small pool (one listening connection, one for NOTIFY); large payloads go through `socket_io_attachments`.
 */
export class PostgresIoAdapter extends IoAdapter {
  private readonly pool: AdapterPool;

  constructor(app: INestApplicationContext, databaseUrl: string) {
    super(app);
    this.pool = new AdapterPool({ connectionString: databaseUrl, max: 2 });
    // A dropped idle connection is the adapter's to retry; it must not crash the process.
    this.pool.on('error', () => undefined);
    // The adapter holds its LISTEN client checked out, where the pool's handler does not reach: a database
    // restart would crash the process, and the dead client, never released, would hold pool.end() (and the
    // shutdown) forever. Released with its error, it leaves the pool; its 'end' makes the adapter reconnect.
    this.pool.on('connect', (client) =>
      client.on('error', (error) => {
        try {
          client.release(error);
        } catch {
          // Already back in the pool (an idle client): the pool's own handler dropped it.
        }
      }),
    );
  }

  override createIOServer(port: number, options?: ServerOptions): Server {
    const server = super.createIOServer(port, options) as Server;
    server.adapter(postgresAdapterLocalWhileAlone(this.pool));
    return server;
  }

  override async close(server: Server): Promise<void> {
    this.pool.closed = true;
    await super.close(server);
    await this.pool.end().catch(() => undefined);
  }
}
