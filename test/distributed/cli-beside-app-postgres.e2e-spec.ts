import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { createTestDatabase } from '../support/test-database.js';
import { MailCatcher } from '../support/mail-catcher.js';
import { REPO_ROOT, SHARED_MODELS_DIR, TEST_MODEL } from '../support/test-app.js';
import { AppProcess, freePort, waitFor } from './app-process.js';

process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';

const GATEWAY = resolve(REPO_ROOT, 'dist/apps/gateway/main.js');
const FATED = resolve(REPO_ROOT, 'dist/cli/bin/fated.js');
const LOG_DIR = resolve(REPO_ROOT, 'test/artifacts/distributed');
const USERS = 12;

/**
 * `fated` beside the running app on PostgreSQL (embedded mode, two terminals on one DATABASE_URL): the CLI
 * finds the app's sessions and leaves what it records to the app's relay and consumers, as it does through
 * the PGlite socket: the app's metrics count the work its consumers did.
 */
describe('the CLI beside the running app on PostgreSQL', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'fated-beside-pg-'));
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let mail: MailCatcher;
  let port: number;
  let app: AppProcess | undefined;

  const env = () => ({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: database.url!,
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    SMTP_URL: mail.url,
    MODELS_DIR: SHARED_MODELS_DIR,
    EMBEDDING_MODEL: TEST_MODEL,
    MATCH_CRON: '0 3 1 1 *',
    LOG_LEVEL: 'warn',
    TZ: 'UTC',
  });

  function fated(args: string[]): Promise<{ code: number | null; output: string }> {
    const child = spawn(process.execPath, [FATED, ...args], {
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', NO_COLOR: '1', ...env() },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    return new Promise((done) => child.on('exit', (code) => done({ code, output })));
  }

  async function onDatabase<Row extends pg.QueryResultRow>(query: string, values: unknown[] = []) {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      return (await client.query<Row>(query, values)).rows;
    } finally {
      await client.end();
    }
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    mail = await MailCatcher.start();
    port = await freePort();
    const started = new AppProcess('beside-app-postgres', GATEWAY, env(), LOG_DIR);
    app = started;
    await waitFor('the app to answer /api/health', 120_000, async () => {
      if (!started.running) throw new Error(`the app exited:\n${started.logs.slice(-3000)}`);
      const health = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => undefined);
      return health?.ok ? true : undefined;
    });
  });
  afterAll(async () => {
    await app?.stop().catch(() => undefined);
    await mail?.close().catch(() => undefined);
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** A counter of the app's GET /api/metrics, summed over its labels (those matching `labels`). */
  async function appCounter(name: string, labels = ''): Promise<number> {
    const text = await (await fetch(`http://127.0.0.1:${port}/api/metrics`)).text();
    return text
      .split('\n')
      .filter((line) => line.startsWith(name) && line.includes(labels))
      .reduce((sum, line) => sum + Number(line.split(' ').at(-1)), 0);
  }

  it("seeds beside the app: the app's consumers take the seed's events, the command waits for them", async () => {
    const seeded = await fated(['seed', '--users', String(USERS), '--verified']);
    expect(seeded).toMatchObject({ code: 0 });
    expect(seeded.output).toContain('(beside the running app)');
    // Every event the seed recorded was handled, by the app, when the command returned.
    const [outbox] = await onDatabase<{ pending: number }>(
      'select count(*)::int as pending from outbox_message where published_at is null',
    );
    expect(outbox!.pending).toBe(0);
    const [vectors] = await onDatabase<{ n: number }>('select count(*)::int as n from personality_vector');
    expect(vectors!.n).toBe(USERS);
    expect(await appCounter('fated_events_handled_total', 'event="QuizSubmitted"')).toBeGreaterThanOrEqual(
      USERS,
    );
  });

  it('runs the daily matching beside the app: the app makes the sets, the command waits for them', async () => {
    const before = await appCounter('fated_match_sets_written_total');
    const day = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const run = await fated(['match', 'run', '--date', day]);
    expect(run).toMatchObject({ code: 0 });
    expect(run.output).toMatch(new RegExp(`Daily run for ${day}: ${USERS} users, ${USERS} sets`));
    const [stored] = await onDatabase<{ n: number }>(
      'select count(*)::int as n from match_set where day = $1::date',
      [day],
    );
    expect(stored!.n).toBe(USERS);
    expect((await appCounter('fated_match_sets_written_total')) - before).toBe(USERS);
  });
});
