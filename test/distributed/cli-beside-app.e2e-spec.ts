import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { MikroORM } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { withCliContext } from '../../cli/context/cli-context.js';
import { generateSeedUser } from '../../cli/seed/seed-user-generator.js';
import { DEFAULT_SEED_PASSWORD } from '../../cli/seed/seed-password.js';
import { pgliteSocketPath } from '../../libs/persistence/pglite-session-server.js';
import { ApiClient } from '../support/api-client.js';
import { MailCatcher, verificationLinkIn } from '../support/mail-catcher.js';
import { REPO_ROOT, SHARED_MODELS_DIR, TEST_MODEL } from '../support/test-app.js';
import { AppProcess, freePort, waitFor } from './app-process.js';

/**
 * Issue 24, "The CLI beside the running app": the built app on PGlite in one process, `fated` in another,
 * as `npm start` and `npm run cli -- seed` in two terminals. The CLI reaches the app's database through its
 * socket in DATA_DIR, the app's relay and consumers take the CLI's events, and neither process's death
 * costs the other what it was told was committed.
 */
const GATEWAY = resolve(REPO_ROOT, 'dist/apps/gateway/main.js');
const FATED = resolve(REPO_ROOT, 'dist/cli/bin/fated.js');
const LOG_DIR = resolve(REPO_ROOT, 'test/artifacts/distributed');
const SEED = 11;
const USERS = 24;
const PASSWORD = 'correct horse battery';

interface CliRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  output: string;
}

describe('the CLI beside the running app on PGlite', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'fated-beside-'));
  let mail: MailCatcher;
  let port: number;
  let app: AppProcess | undefined;

  const env = () => ({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    SMTP_URL: mail.url,
    MODELS_DIR: SHARED_MODELS_DIR,
    EMBEDDING_MODEL: TEST_MODEL,
    AUTH_RATE_LIMIT: '100000',
    AUTH_EMAIL_RATE_LIMIT: '100000',
    MATCH_CRON: '0 3 1 1 *',
    LOG_LEVEL: 'warn',
    TZ: 'UTC',
  });
  const api = () => new ApiClient(`http://127.0.0.1:${port}/api`);

  /** `fated …` as its own process: `finished` resolves with its exit and output; `child` to kill it. */
  function startFated(args: string[]): { child: ChildProcess; finished: Promise<CliRun> } {
    const child = spawn(process.execPath, [FATED, ...args], {
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', NO_COLOR: '1', ...env() },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const finished = new Promise<CliRun>((done) =>
      child.on('exit', (code, signal) => done({ code, signal, output })),
    );
    return { child, finished };
  }
  const fated = (args: string[]) => startFated(args).finished;

  /** Whether the app knows the account (a registered one signs in, verified or not). */
  const exists = async (email: string) =>
    (await api().post('/login', { email, password: DEFAULT_SEED_PASSWORD })).status === 200;

  async function start(name: string): Promise<AppProcess> {
    const started = new AppProcess(name, GATEWAY, env(), LOG_DIR);
    await waitFor(`${name} to answer /api/health`, 120_000, async () => {
      if (!started.running) throw new Error(`${name} exited:\n${started.logs.slice(-3000)}`);
      const health = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => undefined);
      return health?.ok ? true : undefined;
    });
    return started;
  }

  /** Signs up through the API, verified, with a profile and the quiz. */
  async function member(email: string, profile: { gender: string; preferredSex: string }, answers: number[]) {
    const client = api();
    const registered = await client.post('/register', { name: 'Wait Ing', email, password: PASSWORD });
    expect(registered.status).toBe(201);
    const id = registered.body.id as string;
    await client.post('/register/verify', { id, name: 'Wait Ing', email });
    const link = verificationLinkIn(await mail.waitFor(email, undefined, 20_000));
    expect((await client.post('/verification', { id: link.id, emailToken: link.token })).status).toBe(201);
    client.accessToken = (await client.post('/login', { email, password: PASSWORD })).body.accessToken;
    const profiled = await client.post('/user/setProfile', {
      id,
      city: 'Austin',
      state: 'TX',
      age: 30,
      ...profile,
      education: 'History',
      jobTitle: '',
      bio: 'Waiting for someone who answers as I do.',
    });
    expect(profiled.status).toBe(200);
    const quiz = await client.post('/match/generate', {
      id,
      answers: answers.map((choice, i) => ({ id: i + 1, choice, txt: 'x' })),
    });
    expect(quiz.status).toBeLessThan(300);
    return { id, client };
  }

  const pendingOutbox = async () => {
    const health = (await (await fetch(`http://127.0.0.1:${port}/api/health`)).json()) as {
      components: { outbox: { detail: string } };
    };
    return health.components.outbox.detail;
  };

  beforeAll(async () => {
    mail = await MailCatcher.start();
    port = await freePort();
    app = await start('beside-app');
  });
  afterAll(async () => {
    await app?.stop().catch(() => undefined);
    await mail?.close().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('seeds while the app runs; the app matches the seeded people and keeps its empty-state promise', async () => {
    // Someone waiting with an empty set, who answers exactly as seeded person 0 will, of the sex they seek.
    const twin = generateSeedUser(SEED, 0, { allVerified: true });
    const waitingEmail = `waiting-${Date.now()}@example.com`;
    const waiting = await member(
      waitingEmail,
      { gender: twin.profile.preferredSex, preferredSex: twin.profile.gender },
      twin.answers,
    );
    const empty = await waitFor('an empty set for the waiting member', 30_000, async () => {
      const set = await waiting.client.post('/match/new', { userId: waiting.id });
      return set.status === 200 ? set.body : undefined;
    });
    expect(empty).toEqual({});

    const seeded = await fated(['seed', '--users', String(USERS), '--seed', String(SEED), '--verified']);
    expect(seeded).toMatchObject({ code: 0 });
    expect(seeded.output).toContain(`Seeded ${USERS} users (seed ${SEED}) into PGlite in`);
    expect(seeded.output).toContain('(through the running app)');
    expect(seeded.output).toContain(`${USERS} created`);

    // The app's consumers handled the CLI's events: the promise is kept by mail ...
    const promised = await mail.waitFor(waitingEmail, (m) => m.raw.includes('truly compatible'), 60_000);
    expect(promised.raw).toContain('Subject: Someone truly compatible just joined Fated');
    // ... and a seeded person, signing in to the app, gets a set of the day with picks.
    const client = api();
    const login = await client.post('/login', { email: twin.email, password: DEFAULT_SEED_PASSWORD });
    expect(login.status).toBe(200);
    client.accessToken = login.body.accessToken;
    const set = await waitFor('a set for a seeded person', 30_000, async () => {
      const answer = await client.post('/match/new', { userId: login.body.id });
      return answer.status === 200 && Object.keys(answer.body).length > 0 ? answer.body : undefined;
    });
    expect(Object.keys(set).length).toBeGreaterThan(0);
    expect(await pendingOutbox()).toBe('0 pending');
  });

  /** One statement on the app's database through its socket (the connection is closed before any CLI runs). */
  async function onAppDatabase<Row extends pg.QueryResultRow>(query: string, values: unknown[] = []) {
    const client = new pg.Client({ host: dataDir, user: 'postgres', database: 'postgres' });
    await client.connect();
    try {
      return (await client.query<Row>(query, values)).rows;
    } finally {
      await client.end();
    }
  }
  /** The calendar day `days` after today (UTC, the app's TZ here): a day nobody has a set of yet. */
  const dayAhead = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

  it('runs the daily matching beside the app: the app makes the sets, the command waits for them', async () => {
    const day = dayAhead(1);
    const run = await fated(['match', 'run', '--date', day]);
    expect(run).toMatchObject({ code: 0 });
    const figures = new RegExp(`Daily run for ${day}: (\\d+) users, (\\d+) sets`).exec(run.output);
    expect(figures).not.toBeNull();
    const [users, sets] = [Number(figures![1]), Number(figures![2])];
    expect(users).toBeGreaterThanOrEqual(USERS);
    expect(sets).toBe(users);
    expect(run.output).not.toContain('still without a set');
    // The sets exist when the command returns, made by the app's consumers from the CLI's requests.
    const [stored] = await onAppDatabase<{ n: number }>(
      'select count(*)::int as n from match_set where day = $1::date',
      [day],
    );
    expect(stored!.n).toBe(users);
    expect(
      await onAppDatabase(
        `select id from outbox_message where type = 'MatchRequested' and (published_at is null or published_at = occurred_at)`,
      ),
    ).toEqual([]);
    expect(await pendingOutbox()).toBe('0 pending');
  });

  it('exits 1 when the app could not make the sets, instead of reporting success', async () => {
    const day = dayAhead(2);
    // A fault in the database: every set of that day is refused, so the app's consumer parks the request.
    await onAppDatabase(`create function refuse_sets_of_the_day() returns trigger language plpgsql as $$
      begin if new.day = '${day}'::date then raise exception 'sets of ${day} refused'; end if; return new; end $$`);
    await onAppDatabase(`create trigger refuse_sets_of_the_day before insert on match_set
      for each row execute function refuse_sets_of_the_day()`);
    try {
      const run = await fated(['match', 'run', '--date', day]);
      expect(run.code).toBe(1);
      expect(run.output).toMatch(new RegExp(`Daily run for ${day}: \\d+ users, 0 sets`));
      expect(run.output).toMatch(new RegExp(`fated: \\d+ matchable users of ${day} are still without a set`));
    } finally {
      await onAppDatabase('drop trigger refuse_sets_of_the_day on match_set');
      await onAppDatabase('drop function refuse_sets_of_the_day()');
      await onAppDatabase(`delete from dead_letter where type = 'MatchRequested'`);
    }
  });

  it('a CLI killed mid-seed leaves the app serving, its own writes whole', async () => {
    const seeding = startFated(['seed', '--users', '300', '--seed', String(SEED + 1)]);
    // Killed once it is well into the seed: mid-way through some user's commands.
    const fifth = generateSeedUser(SEED + 1, 4, { allVerified: false });
    await waitFor('the seed to be under way', 120_000, async () =>
      (await exists(fifth.email)) ? true : undefined,
    );
    seeding.child.kill('SIGKILL');
    const killed = await seeding.finished;
    expect(killed.signal).toBe('SIGKILL');
    expect(await exists(generateSeedUser(SEED + 1, 299, { allVerified: false }).email)).toBe(false);
    // The app's next write commits on its own (the killed client's transaction was rolled back, not joined).
    const client = api();
    const email = `after-kill-${Date.now()}@example.com`;
    expect((await client.post('/register', { name: 'After Kill', email, password: PASSWORD })).status).toBe(
      201,
    );
    await waitFor('the outbox to drain', 60_000, async () =>
      (await pendingOutbox()) === '0 pending' ? true : undefined,
    );
    // And a second CLI is let in once the first is gone.
    const stats = await fated(['stats']);
    expect(stats).toMatchObject({ code: 0 });
    expect(stats.output).toContain('(through the running app)');
  });

  it('the app killed while a client is connected loses nothing the client was told was committed', async () => {
    const client = new pg.Client({ host: dataDir, user: 'postgres', database: 'postgres' });
    client.on('error', () => undefined);
    await client.connect();
    await client.query('create table if not exists ops_acknowledged (n int primary key)');
    const acknowledged: number[] = [];
    const writing = (async () => {
      for (let n = 1; ; n++) {
        await client.query('begin');
        await client.query('insert into ops_acknowledged values ($1)', [n]);
        await client.query('commit');
        acknowledged.push(n);
      }
    })().catch(() => undefined);
    await waitFor('a few commits', 30_000, async () => (acknowledged.length >= 20 ? true : undefined), 20);
    await app!.crash();
    await writing;
    await client.end().catch(() => undefined);
    expect(existsSync(pgliteSocketPath(dataDir))).toBe(true); // left behind by the crash

    app = await start('beside-app-restarted');
    const after = new pg.Client({ host: dataDir, user: 'postgres', database: 'postgres' });
    await after.connect();
    try {
      const { rows } = await after.query<{ n: number }>('select n from ops_acknowledged order by n');
      const stored = new Set(rows.map((row) => row.n));
      expect(acknowledged.filter((n) => !stored.has(n))).toEqual([]);
      await after.query('drop table ops_acknowledged');
    } finally {
      await after.end();
    }
  });

  it('opens the folder itself once the app is stopped, with nothing half-written', async () => {
    await app!.stop();
    app = undefined;
    expect(existsSync(pgliteSocketPath(dataDir))).toBe(false);
    const stats = await fated(['stats']);
    expect(stats).toMatchObject({ code: 0 });
    expect(stats.output).toContain(`PGlite in ${join(dataDir, 'pglite')}, today`);

    await withCliContext(
      { env: { ...env(), LOG_LEVEL: 'error' }, logLevel: 'error', consumers: false },
      async (context) => {
        const sql = (query: string) =>
          (context.app.get(MikroORM).em.fork() as SqlEntityManager).getConnection().execute(query);
        // Every account came with its event, in its transaction, including those of the killed seed.
        expect(
          await sql(
            `select u.id from app_user u where not exists
             (select 1 from outbox_message o where o.type = 'UserRegistered' and o.aggregate_id = u.id::text)`,
          ),
        ).toEqual([]);
        const [{ users }] = (await sql(`select count(*)::int as users from app_user`)) as { users: number }[];
        expect(users).toBeGreaterThan(USERS + 2);
      },
    );
  });
});
