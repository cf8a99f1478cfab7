import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { PgliteSessionServer, pgliteSocketPath } from './pglite-session-server.js';

describe('PgliteSessionServer', () => {
  let dir: string;
  let db: PGlite;
  let server: PgliteSessionServer;
  const clients: pg.Client[] = [];

  const connect = async (): Promise<pg.Client> => {
    const client = new pg.Client({ host: dir, user: 'postgres', database: 'postgres' });
    client.on('error', () => undefined);
    clients.push(client);
    await client.connect();
    return client;
  };
  const names = async () =>
    (await db.query<{ name: string }>('select name from item order by name')).rows.map((row) => row.name);

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'fated-socket-'));
    db = await PGlite.create({ dataDir: join(dir, 'pglite') });
    await db.exec('create table item (name text primary key)');
  });

  afterAll(async () => {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  beforeEach(async () => {
    await db.exec('truncate item');
    server = new PgliteSessionServer(db, pgliteSocketPath(dir));
    await server.start();
  });

  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.end().catch(() => undefined)));
    await server.stop();
  });

  it('listens on a socket only its owner may open', () => {
    expect(statSync(pgliteSocketPath(dir)).mode & 0o777).toBe(0o600);
  });

  it("keeps the app's statements out of a client's open transaction", async () => {
    const client = await connect();
    await client.query('begin');
    await client.query(`insert into item values ('client')`);
    // The app's write waits for the client's transaction instead of joining it.
    const appWrite = db.query(`insert into item values ('app')`);
    let appDone = false;
    void appWrite.then(() => (appDone = true));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(appDone).toBe(false);
    await client.query('rollback');
    await appWrite;
    expect(await names()).toEqual(['app']);
    expect(db.isInTransaction()).toBe(false);
  });

  it('rolls back what a client that vanished left open, and the app carries on', async () => {
    const client = await connect();
    await client.query('begin');
    await client.query(`insert into item values ('half')`);
    // As a killed process: the socket goes without a Terminate.
    (client as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
    await db.query(`insert into item values ('app')`);
    expect(await names()).toEqual(['app']);
    expect(db.isInTransaction()).toBe(false);
  });

  it('serves one client at a time; the next one is let in when it leaves, prepared statements cleared', async () => {
    const first = await connect();
    const named = { name: 'one-item', text: 'select count(*)::int as n from item' };
    expect((await first.query(named)).rows).toEqual([{ n: 0 }]);
    let secondConnected = false;
    const second = connect().then((client) => {
      secondConnected = true;
      return client;
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(secondConnected).toBe(false);
    await first.end();
    const next = await second;
    // The same name again, on a new connection: the first one's statement went with it.
    expect((await next.query(named)).rows).toEqual([{ n: 0 }]);
  });

  it('replaces a socket file a crashed process left behind', async () => {
    await server.stop();
    writeFileSync(pgliteSocketPath(dir), '');
    server = new PgliteSessionServer(db, pgliteSocketPath(dir));
    await server.start();
    const client = await connect();
    expect((await client.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
  });
});
