import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import pg from 'pg';
import { Server } from 'socket.io';
import { postgresAdapterLocalWhileAlone } from '../../libs/connections/realtime/postgres-io-adapter.js';

const POSTGRES = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
// socket.io-adapter's MessageType.
const HEARTBEAT = 2;
const BROADCAST = 3;

/**
 * The gateways' Socket.IO adapter over PostgreSQL (the embedded default has none): a gateway that knows of
 * no other keeps its broadcasts to itself, and NOTIFYs them again as soon as another announces itself.
 */
describe('Socket.IO over PostgreSQL: a lone gateway broadcasts locally', () => {
  // What each test says to PostgreSQL itself.
  const pool = new pg.Pool({ connectionString: POSTGRES, max: 1 });
  const pools: pg.Pool[] = [];
  const listener = new pg.Client({ connectionString: POSTGRES });
  const servers: Server[] = [];
  const heard: { nsp: string; type: number; uid: string }[] = [];

  beforeAll(async () => {
    await listener.connect();
    listener.on('notification', (note) => heard.push(JSON.parse(note.payload!)));
  });
  afterAll(async () => {
    for (const server of servers) server.close();
    await listener.end();
    await Promise.all([pool, ...pools].map((each) => each.end()));
  });

  /** A server on its own namespace (its own channel), and what it NOTIFYs there. */
  async function gateway(peersHeardWithinMs: number) {
    // Its own pool, as a gateway has: one connection listens, the other NOTIFYs.
    const own = new pg.Pool({ connectionString: POSTGRES, max: 2 });
    pools.push(own);
    const server = new Server(createServer(), {
      adapter: postgresAdapterLocalWhileAlone(own, peersHeardWithinMs),
    });
    servers.push(server);
    const nsp = `/fan-out-${randomUUID()}`;
    await listener.query(`LISTEN "socket.io#${nsp}"`);
    const namespace = server.of(nsp);
    const broadcasts = () => heard.filter((message) => message.nsp === nsp && message.type === BROADCAST);
    // Its own announcement has gone out: the adapter is listening by now.
    await until(() => heard.some((message) => message.nsp === nsp));
    return { namespace, nsp, broadcasts };
  }

  async function until(probe: () => boolean, ms = 5_000): Promise<void> {
    const deadline = Date.now() + ms;
    while (!probe()) {
      if (Date.now() > deadline) throw new Error('timed out');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it('sends nothing through PostgreSQL while it knows of no other gateway, then everything once one appears', async () => {
    const { namespace, nsp, broadcasts } = await gateway(0);
    namespace.to('member:a').emit('message', { text: 'hello' });
    // Notifications arrive in commit order: once a marker sent after the emit is heard, a broadcast would be too.
    await pool.query(`select pg_notify($1, $2)`, [
      `socket.io#${nsp}`,
      JSON.stringify({ nsp, type: 0, uid: 'marker' }),
    ]);
    await until(() => heard.some((message) => message.nsp === nsp && message.uid === 'marker'));
    expect(broadcasts()).toHaveLength(0);

    // Another gateway's heartbeat (again until this one has heard it): from now on each broadcast must reach it.
    const adapter = namespace.adapter as unknown as { serverCount(): Promise<number> };
    const deadline = Date.now() + 5_000;
    while ((await adapter.serverCount()) < 2) {
      if (Date.now() > deadline) throw new Error('the other gateway was never heard');
      await pool.query(`select pg_notify($1, $2)`, [
        `socket.io#${nsp}`,
        JSON.stringify({ nsp, type: HEARTBEAT, uid: 'other-gateway' }),
      ]);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    namespace.to('member:a').emit('message', { text: 'again' });
    await until(() => broadcasts().length === 1);
  });

  it('broadcasts through PostgreSQL while it may not have heard from every gateway yet', async () => {
    const { namespace, broadcasts } = await gateway(60_000);
    namespace.to('member:a').emit('message', { text: 'hello' });
    await until(() => broadcasts().length === 1);
  });
});
