import { chmodSync, existsSync, unlinkSync } from 'node:fs';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketHandler, type PGLiteSocketHandlerOptions } from '@electric-sql/pglite-socket';

/** The socket's name inside DATA_DIR: the one libpq and `pg` look for when the host is a directory. */
export const PGLITE_SOCKET_FILE = '.s.PGSQL.5432';

export function pgliteSocketPath(dataDir: string): string {
  return join(dataDir, PGLITE_SOCKET_FILE);
}

/** A client that keeps a transaction open this long without sending anything is cut off (and rolled back). */
const IDLE_IN_TRANSACTION_MS = 60_000;
/** Linux's limit on a socket path (sun_path), less its terminating zero. */
const MAX_SOCKET_PATH = 107;

/**
 * Serves a PGlite instance that this process keeps using to local PostgreSQL clients, on a Unix socket.
 *
 * PGlite has one session. The app's ORM works on it through `PGlite.query`/`transaction`, which hold PGlite's
 * transaction lock; `@electric-sql/pglite-socket`'s own server runs each wire message under the query lock
 * only, so the app's statements would land inside a client's open transaction (and vanish with its rollback).
 * Here a client holds the transaction lock from its first message until the server answers ReadyForQuery
 * "idle": its transactions, and the extended-protocol exchanges between, run whole between the app's. The
 * framing and SSL refusal are pglite-socket's `PGLiteSocketHandler`; this class decides when messages run.
 *
 * One client at a time (more wait for their turn): the session's prepared statements are per connection in
 * every client library, and they live in PGlite's one session. When a client leaves, however it leaves,
 * what it left open is rolled back and its prepared statements deallocated before the next one is let in.
 */
export class PgliteSessionServer {
  private server: Server | undefined;
  private current: ClientSession | undefined;
  private readonly waiting: Socket[] = [];
  private stopping = false;

  constructor(
    private readonly db: PGlite,
    readonly path: string,
  ) {}

  /** Listens on the socket (owner-only), after removing one a crashed process left behind. */
  async start(): Promise<void> {
    if (this.path.length > MAX_SOCKET_PATH)
      throw new Error(`the socket path ${this.path} is longer than ${MAX_SOCKET_PATH} characters`);
    if (existsSync(this.path)) {
      if (await answers(this.path)) throw new Error(`another process serves ${this.path}`);
      unlinkSync(this.path);
    }
    const server = createServer((socket) => this.arrive(socket));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.path, () => {
        server.off('error', reject);
        resolve();
      });
    });
    // DATA_DIR is already the owner's only (0700); the socket says so too.
    chmodSync(this.path, 0o600);
    this.server = server;
  }

  /** Stops accepting, ends the client (rolling back what it left open) and removes the socket file. */
  async stop(): Promise<void> {
    this.stopping = true;
    for (const socket of this.waiting.splice(0)) socket.destroy();
    const closed = new Promise<void>((resolve) =>
      this.server ? this.server.close(() => resolve()) : resolve(),
    );
    if (this.current) {
      const current = this.current;
      current.socket.destroy();
      await current.gone;
    }
    await closed;
    this.server = undefined;
  }

  private arrive(socket: Socket): void {
    if (this.stopping) {
      socket.destroy();
      return;
    }
    if (this.current) {
      socket.pause();
      this.waiting.push(socket);
      socket.once('close', () => {
        const index = this.waiting.indexOf(socket);
        if (index >= 0) this.waiting.splice(index, 1);
      });
      return;
    }
    this.serve(socket);
  }

  private serve(socket: Socket): void {
    const session = new ClientSession(this.db, socket);
    this.current = session;
    const handler = new PGLiteSocketHandler({
      // pglite-socket's handler asks its queue to run each message and, when the socket goes, to clear up.
      queryQueue: session as unknown as PGLiteSocketHandlerOptions['queryQueue'],
      closeOnDetach: true,
    });
    void handler.attach(socket).then(() => socket.resume());
    void session.gone.then(() => {
      this.current = undefined;
      const next = this.waiting.shift();
      if (next && !this.stopping) this.serve(next);
    });
  }
}

/** One client's messages, run in order, each under PGlite's transaction lock held across the client's transaction. */
class ClientSession {
  private tail: Promise<unknown> = Promise.resolve();
  /** Releases PGlite's transaction lock; set while this client holds it. */
  private release: (() => void) | undefined;
  private idleTimer: NodeJS.Timeout | undefined;
  private used = false;
  private closed = false;
  private clearing: Promise<void> | undefined;
  private markGone!: () => void;
  readonly gone = new Promise<void>((resolve) => (this.markGone = resolve));

  constructor(
    private readonly db: PGlite,
    readonly socket: Socket,
  ) {}

  /** Called by PGLiteSocketHandler for every complete message, in the order they arrived. */
  enqueue(_handlerId: number, message: Uint8Array, onData: (data: Uint8Array) => void): Promise<number> {
    const run = this.tail.then(() => this.execute(message, onData));
    this.tail = run.catch(() => undefined);
    return run;
  }

  /** Called by PGLiteSocketHandler when the socket goes: queued messages are dropped (they check `closed`). */
  clearQueueForHandler(): void {
    this.closed = true;
  }

  /** Called by PGLiteSocketHandler after the socket went: puts the session back as the app expects it. */
  clearTransactionIfNeeded(): Promise<void> {
    this.clearing ??= this.clear();
    return this.clearing;
  }

  private async clear(): Promise<void> {
    this.closed = true;
    clearTimeout(this.idleTimer);
    await this.tail;
    try {
      if (this.used) {
        await this.acquire();
        await this.db.runExclusive(async () => {
          // End an unfinished extended-protocol exchange, then whatever transaction block is left open.
          await this.db.execProtocolRaw(SYNC);
          if (this.db.isInTransaction()) await this.db.execProtocolRaw(query('ROLLBACK'));
          await this.db.execProtocolRaw(query('DEALLOCATE ALL'));
        });
      }
    } finally {
      this.unlock();
      this.markGone();
    }
  }

  private async execute(message: Uint8Array, onData: (data: Uint8Array) => void): Promise<number> {
    if (this.closed) throw new Error('client gone');
    this.used = true;
    clearTimeout(this.idleTimer);
    await this.acquire();
    let size = 0;
    let last: Uint8Array = new Uint8Array(0);
    await this.db.runExclusive(() =>
      this.db.execProtocolRawStream(message, {
        onRawData: (data) => {
          size += data.length;
          last = lastBytes(last, data, 6);
          onData(data);
        },
      }),
    );
    if (readyForQueryIdle(last)) this.unlock();
    else this.idleTimer = setTimeout(() => this.socket.destroy(), IDLE_IN_TRANSACTION_MS);
    return size;
  }

  private acquire(): Promise<void> {
    if (this.release) return Promise.resolve();
    return new Promise<void>((acquired) => {
      void this.db._runExclusiveTransaction(
        () =>
          new Promise<void>((release) => {
            this.release = release;
            acquired();
          }),
      );
    });
  }

  private unlock(): void {
    const release = this.release;
    this.release = undefined;
    release?.();
  }
}

const SYNC = new Uint8Array([0x53, 0, 0, 0, 4]);

/** A simple-protocol Query message. */
function query(sql: string): Uint8Array {
  const text = Buffer.from(`${sql}\0`, 'utf8');
  const message = Buffer.alloc(5 + text.length);
  message.write('Q', 0, 'ascii');
  message.writeInt32BE(4 + text.length, 1);
  text.copy(message, 5);
  return message;
}

/** The answer ended with ReadyForQuery ('Z', length 5) and the status "idle", not in a transaction block. */
function readyForQueryIdle(last: Uint8Array): boolean {
  return (
    last.length === 6 &&
    last[0] === 0x5a &&
    last[1] === 0 &&
    last[2] === 0 &&
    last[3] === 0 &&
    last[4] === 5 &&
    last[5] === 0x49
  );
}

function lastBytes(previous: Uint8Array, data: Uint8Array, count: number): Uint8Array {
  if (data.length >= count) return data.slice(data.length - count);
  const joined = new Uint8Array(Math.min(count, previous.length + data.length));
  const fromPrevious = joined.length - data.length;
  joined.set(previous.subarray(previous.length - fromPrevious), 0);
  joined.set(data, fromPrevious);
  return joined;
}

/** Whether a server answers on the socket (a crashed process leaves the file without one). */
export function answers(path: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection(path);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
