import type { INestApplicationContext } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { createAdapter } from '@socket.io/postgres-adapter';
import pg from 'pg';
import type { Server, ServerOptions } from 'socket.io';

/**
 * Socket.IO over PostgreSQL's LISTEN/NOTIFY (@socket.io/postgres-adapter): with several gateways sharing a
 * database, what one gateway emits to a member's room reaches that member's sockets on every other. Its own
 * small pool (one listening connection, one for NOTIFY); large payloads go through `socket_io_attachments`.
 */
export class PostgresIoAdapter extends IoAdapter {
  private readonly pool: pg.Pool;

  constructor(app: INestApplicationContext, databaseUrl: string) {
    super(app);
    this.pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
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
    server.adapter(createAdapter(this.pool));
    return server;
  }

  override async close(server: Server): Promise<void> {
    await super.close(server);
    await this.pool.end().catch(() => undefined);
  }
}
