import 'reflect-metadata';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { MikroORM } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/sql';
import autocannon from 'autocannon';
import pg from 'pg';
import sharp from 'sharp';
import { closeCliContext, openCliContext, type CliContext } from '../../../cli/context/cli-context.js';
import { EventSettler } from '../../../cli/context/event-settler.js';
import { BULK_BATCH, BulkSeeder } from '../../../cli/seed/bulk-seeder.js';
import { DEFAULT_SEED_PASSWORD } from '../../../cli/seed/seed-password.js';
import { generateSeedUser } from '../../../cli/seed/seed-user-generator.js';
import { BenchLogger } from '../support/bench-logger.js';
import { summarise as summariseProfile } from '../support/cpu-profile.js';
import { describeMachine, megabytes } from '../support/machine.js';
import { backendCpuBetween, cpuOf, cpuSeconds, processCpuBetween } from '../support/process-cpu.js';
import { JwtService } from '@nestjs/jwt';
import { DailyMatchRun } from '../../../libs/matching/daily-run/daily-match-run.js';

/**
 * The read paths over HTTP, at scale: the built gateway (one process, embedded matcher, as `npm start` runs
 * it) on a database holding N matchable users, loaded by autocannon with C connections on loopback, one
 * route after the other — the floor (`GET /api/quiz/questions`: static, public, no database), the first read
 * of today's set and the same members' repeat reads, a profile read, a waitlist position, today's (stored)
 * set, and a photo answered 304 Not Modified. Each request is
 * signed in as the next of `--accounts` seeded members, so the per-account limits (waitlist: 120 a minute)
 * stay out of the figures; answers other than the route's 2xx/304 are counted, and a route where more
 * than 1 % are is reported as invalid (non-zero exit).
 *
 * The database is prepared once and reused: with DATABASE_URL, the PostgreSQL database
 * `fated_bench_http_<N>` on that server (created when missing; seeded until it holds N matchable users);
 * without it, PGlite in `--data-dir` (reused and kept), or in a temporary folder removed at the end.
 * Seeding is the CLI's bulk path (`fated seed --users N --verified --bulk`: BulkSeeder in batches of 500,
 * the matcher's consumers running in this process) and waits until every user is matchable (their
 * personality vectors built by the consumers).
 *
 * The first read is what a morning makes thousands of: before the gateway starts, today's sets are made
 * afresh as a deployed server makes them (the daily run, then its summary pass, each timed), and
 * `--first-reads` members who are not among the signed-in accounts each ask for their set once (their
 * tokens signed here with the gateway's secret: signing in thousands through argon2 would take minutes).
 * Like every route, the first read has a warm-up: `--first-read-warmup` other members' first reads, not
 * counted, so that the figure is of a gateway that has served first reads before (a deployed one has, every
 * morning), not of its code's first minutes.
 *
 *   npm run bench -- http [--users 100000] [--connections 32] [--seconds 10] [--accounts 2500]
 *                         [--first-reads 10000] [--first-read-warmup 5000]
 *                         [--data-dir DIR] [--fresh] [--warmup 2] [--settle-minutes 30]
 *                         [--only TEXT] [--profile] [--metrics-rounds R]
 *
 * Each route's row also has the CPU a request cost the gateway and, on PostgreSQL on this machine, the bench
 * database's backends (µs, from /proc): the figures to compare across runs on a shared machine.
 *
 * `--only` measures the floor and the routes whose name contains TEXT; `--profile` runs the gateway under
 * V8's profiler (--cpu-prof) and prints where its CPU went (the profile is kept in test/artifacts/bench).
 * `--metrics-rounds R` measures only the floor, R rounds of a gateway without metrics (FATED_BENCH_METRICS=off:
 * no default metrics, no request histogram; request ids and log lines as usual) and one with them, a fresh
 * gateway each time and the order swapped every round, so a shared machine's drift falls on both alike; it
 * prints each round's figures and the ratio with/without (nothing is seeded: the floor reads no database).
 */
const { values } = parseArgs({
  options: {
    users: { type: 'string', default: '100000' },
    connections: { type: 'string', default: '32' },
    seconds: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    accounts: { type: 'string', default: '2500' },
    'first-reads': { type: 'string', default: '10000' },
    'first-read-warmup': { type: 'string', default: '5000' },
    seed: { type: 'string', default: '1' },
    password: { type: 'string', default: DEFAULT_SEED_PASSWORD },
    'data-dir': { type: 'string' },
    fresh: { type: 'boolean', default: false },
    'settle-minutes': { type: 'string', default: '30' },
    only: { type: 'string' },
    profile: { type: 'boolean', default: false },
    'metrics-rounds': { type: 'string' },
  },
});
const metricsRounds = values['metrics-rounds'] === undefined ? 0 : Number(values['metrics-rounds']);
const users = Number(values.users);
const connections = Number(values.connections);
const seconds = Number(values.seconds);
const warmup = Number(values.warmup);
const seed = Number(values.seed);
const accountCount = Math.min(Number(values.accounts), users);
const firstReadCount = Math.min(Number(values['first-reads']), Math.max(0, users - accountCount));
const firstReadWarmupCount =
  firstReadCount === 0
    ? 0
    : Math.min(Number(values['first-read-warmup']), Math.max(0, users - accountCount - firstReadCount));
if (
  !Number.isInteger(users) ||
  users < 2 ||
  !Number.isInteger(connections) ||
  connections < 1 ||
  !(seconds > 0) ||
  !(warmup >= 0) ||
  !Number.isInteger(seed) ||
  seed < 0 ||
  !Number.isInteger(accountCount) ||
  accountCount < 1 ||
  !Number.isInteger(firstReadCount) ||
  firstReadCount < 0 ||
  !Number.isInteger(firstReadWarmupCount) ||
  firstReadWarmupCount < 0 ||
  !(Number(values['settle-minutes']) > 0) ||
  !Number.isInteger(metricsRounds) ||
  metricsRounds < 0
) {
  console.error(
    'usage: npm run bench -- http [--users N ≥ 2] [--connections C] [--seconds S] [--warmup S] [--accounts A] ' +
      '[--first-reads R] [--first-read-warmup W] [--seed S] [--password P] [--data-dir DIR] [--fresh] [--settle-minutes M]',
  );
  process.exit(2);
}

const ROOT = resolve(import.meta.dirname, '../../../../..');
/** Compiled by `npm run bench` from the current sources (like the soak), so no separate `npm run build` is needed. */
const GATEWAY = resolve(ROOT, 'dist/bench/apps/gateway/main.js');
/** Share of unexpected answers (429s, errors) above which a route's figures measure something else. */
const MAX_UNEXPECTED = 0.01;
/** The waitlist read limit per account (README "Limits"). */
const WAITLIST_PER_ACCOUNT_PER_MINUTE = 120;
/** How long the matcher's consumers may take to make the seeded members matchable (--settle-minutes). */
const SETTLE_TIMEOUT_MS = Number(values['settle-minutes']) * 60_000;

const ARTIFACTS = resolve(ROOT, 'test/artifacts/bench');
/** The gateway's access-token secret, known here so that the first-read members need no sign-in. */
const ACCESS_SECRET = randomBytes(32).toString('hex');

const MODEL_ENV = {
  MODELS_DIR: process.env.MODELS_DIR ?? resolve(ROOT, '../shared/models'),
  EMBEDDING_MODEL: process.env.EMBEDDING_MODEL ?? 'local/wordnet-wordpiece-static-256',
};

interface Database {
  /** What the figures were measured on, for the report. */
  label: string;
  dataDir: string;
  url: string | undefined;
  cleanUp(): void;
}

interface Account {
  id: string;
  token: string;
  etag?: string;
}

interface Target {
  route: string;
  expected: number;
  requests: autocannon.Request[];
}

interface Row {
  route: string;
  rps: number;
  p50: number;
  p99: number;
  total: number;
  unexpected: number;
  /** The unexpected answers by status ("3 × 500"), and transport errors. */
  others: string[];
  throttled: number;
  errors: number;
  /** CPU time a request cost the gateway and, on PostgreSQL, the bench database's backends (µs). */
  cpu?: { gatewayUs: number; databaseUs: number | undefined };
}

async function main(): Promise<void> {
  const database = await prepareDatabaseLocation();
  let server: ChildProcess | undefined;
  try {
    console.log(`machine: ${describeMachine()}`);
    if (metricsRounds > 0) return await compareMetrics(database);
    const firstReaders = await seedUntilMatchable(database);

    const port = await freePort();
    server = startGateway(database, port);
    const base = `http://127.0.0.1:${port}`;
    await waitForGateway(base, server);

    const accounts = await prepareAccounts(base);
    const targets = buildTargets(accounts).filter(
      (target, index) => index === 0 || !values.only || target.route.includes(values.only),
    );
    console.log(
      `load: ${connections} connections, ${warmup} s warm-up + ${seconds} s per route, requests rotating over ` +
        `${accounts.length} signed-in members; autocannon runs in this process, on the same cores as the server`,
    );
    const budget = accounts.length * WAITLIST_PER_ACCOUNT_PER_MINUTE;
    console.log(
      `waitlist budget: ${accounts.length} × ${WAITLIST_PER_ACCOUNT_PER_MINUTE}/min = ${budget} reads ` +
        `(${Math.round(budget / (seconds + warmup))} req/s over the run); raise --accounts if it answers 429`,
    );

    const rows: Row[] = [];
    const report = (row: Row) => {
      rows.push(row);
      console.log(
        `  ${row.route}: ${Math.round(row.rps)} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms` +
          (row.unexpected ? `, ${row.unexpected} unexpected answers (${row.others.join(', ')})` : ''),
      );
    };
    const measure = async (target: Target, run: () => Promise<Load>) => {
      const before = cpuOf([server!.pid!], database.url);
      const row = summarise(target, await run());
      const after = cpuOf([server!.pid!], database.url);
      const perRequest = (seconds: number) => (seconds * 1e6) / Math.max(1, row.total);
      const databaseSeconds = backendCpuBetween(before, after);
      row.cpu = {
        gatewayUs: perRequest(processCpuBetween(before, after)),
        databaseUs: databaseSeconds === undefined ? undefined : perRequest(databaseSeconds),
      };
      report(row);
    };
    for (const [index, target] of targets.entries()) {
      if (warmup > 0) await load(base, target, warmup);
      await measure(target, () => load(base, target, seconds));
      if (index === 0 && firstReaders.measured.length > 0) {
        // Once each: a first read can happen only once per member and day, so its warm-up is of others.
        const { warmup: warmReaders, measured } = firstReaders;
        if (warmReaders.length > 0) {
          const warm = firstReadTarget(warmReaders, 'POST /api/match/new (first read, warm-up)');
          await load(base, warm, undefined, warmReaders.length);
        }
        const first = firstReadTarget(measured, 'POST /api/match/new (first read)');
        await measure(first, () => load(base, first, undefined, measured.length));
        const repeat = firstReadTarget(measured, 'POST /api/match/new (repeat)');
        await load(base, repeat, 3);
        await measure(repeat, () => load(base, repeat, seconds));
      }
    }
    const rss = serverRss(server.pid!);
    printTable(rows);
    if (rss) console.log(`server resident memory at the end: ${megabytes(rss)}`);

    const invalid = rows.filter((row) => row.unexpected > MAX_UNEXPECTED * Math.max(1, row.total));
    if (invalid.length > 0) {
      for (const row of invalid) {
        console.error(
          `INVALID: ${row.route}: ${row.unexpected} of ${row.total} answers were not the route's answer ` +
            `(${row.throttled} × 429, ${row.errors} connection errors): the figure measures the ` +
            (row.throttled > row.unexpected / 2
              ? 'limiter; sign in more members with --accounts'
              : 'failures'),
        );
      }
      process.exitCode = 1;
    }
    console.log(`http ${users} users: floor ${Math.round(rows[0]!.rps)} req/s`);
  } finally {
    if (server && server.exitCode === null) {
      // autocannon stops with requests still queued in the server; let them finish before it shuts down.
      await new Promise((wait) => setTimeout(wait, 2_000));
      const started = Date.now();
      server.kill('SIGTERM');
      await new Promise((done) => server!.once('exit', done));
      if (values.profile) printProfile(started);
    }
    database.cleanUp();
  }
}

/** PostgreSQL: a dedicated database per N, kept between runs. PGlite: --data-dir (kept) or a temp folder. */
async function prepareDatabaseLocation(): Promise<Database> {
  const adminUrl = process.env.DATABASE_URL;
  if (adminUrl) {
    const name = `fated_bench_http_${users}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      if (values.fresh) await admin.query(`drop database if exists ${name} with (force)`);
      const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
      if (found.rowCount === 0) await admin.query(`create database ${name}`);
    } finally {
      await admin.end();
    }
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    // Mail outbox and generated files only; the data is in PostgreSQL.
    const dataDir = mkdtempSync(join(tmpdir(), 'fated-bench-http-'));
    return {
      label: `PostgreSQL ${url.host}/${name} (kept for the next run; --fresh recreates it)`,
      dataDir,
      url: url.toString(),
      cleanUp: () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const given = values['data-dir'];
  if (given) {
    const dataDir = resolve(given);
    if (values.fresh) rmSync(dataDir, { recursive: true, force: true });
    mkdirSync(dataDir, { recursive: true });
    return {
      label: `PGlite in ${dataDir} (kept for the next run)`,
      dataDir,
      url: undefined,
      cleanUp: () => {},
    };
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'fated-bench-http-'));
  return {
    label: `PGlite in ${dataDir} (temporary: pass --data-dir DIR to keep and reuse it)`,
    dataDir,
    url: undefined,
    cleanUp: () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

/**
 * `fated seed --users N --verified --bulk` in this process: the same BulkSeeder batches, the matcher's
 * consumers on, then waits for them (personality vectors) and checks N members are matchable. Users already
 * there (same seed) are skipped, so a database that holds them is reused as it is.
 */
async function seedUntilMatchable(database: Database): Promise<FirstReaders> {
  let context: CliContext | undefined;
  let failed = true;
  try {
    context = await openCliContext({
      env: {
        ...process.env,
        ...MODEL_ENV,
        DATA_DIR: database.dataDir,
        ...(database.url ? { DATABASE_URL: database.url } : {}),
      },
      logger: new BenchLogger([]),
    });
    console.log(`database: ${database.label}`);
    const before = await matchable(context);
    if (before >= users) {
      console.log(`reusing it: ${before} matchable members already (≥ ${users}), nothing seeded`);
      await vacuumAndAnalyze(context);
      const readers = await freshDay(context);
      failed = false;
      return readers;
    }
    console.log(`${before} matchable members; seeding up to ${users} (bulk path, seed ${seed})…`);
    const seeding = performance.now();
    const seeder = new BulkSeeder(context.app, { seed, password: values.password!, avatars: false });
    let created = 0;
    let lastReport = performance.now();
    for (let start = 0; start < users; start += BULK_BATCH) {
      const batch = [];
      for (let index = start; index < Math.min(users, start + BULK_BATCH); index++) {
        batch.push(generateSeedUser(seed, index, { allVerified: true }));
      }
      created += (await seeder.seedBatch(batch)).created;
      if (performance.now() - lastReport > 15_000) {
        lastReport = performance.now();
        console.log(`  ${Math.min(users, start + BULK_BATCH)} / ${users} seeded (${created} created)`);
      }
    }
    const seededMs = performance.now() - seeding;
    console.log(
      `seeded: ${created} created in ${(seededMs / 1000).toFixed(1)} s; waiting for the consumers…`,
    );
    const settler = context.app.get(EventSettler);
    const settling = performance.now();
    const progress = setInterval(() => {
      const { called, finished } = settler.handled;
      void matchable(context!).then(
        (n) =>
          console.log(
            `  consumers: ${finished} handler calls finished, ${called - finished} running, ${n} matchable ` +
              `(${Math.round((performance.now() - settling) / 1000)} s)`,
          ),
        () => undefined,
      );
    }, 30_000);
    let after = 0;
    try {
      await settler.settle();
      // The settler's word is not taken for it: the figures need every vector, so the database is asked.
      for (;;) {
        after = await matchable(context);
        if (after >= users) break;
        if (performance.now() - settling > SETTLE_TIMEOUT_MS) {
          throw new Error(
            `after ${Math.round(SETTLE_TIMEOUT_MS / 60_000)} min only ${after} of ${users} members are matchable ` +
              '(personality vectors missing): the consumers are too slow or stuck',
          );
        }
        await new Promise((wait) => setTimeout(wait, 2_000));
      }
    } finally {
      clearInterval(progress);
    }
    console.log(
      `consumers done in ${((performance.now() - settling) / 1000).toFixed(1)} s: ${after} matchable members`,
    );
    await vacuumAndAnalyze(context);
    const readers = await freshDay(context);
    failed = false;
    return readers;
  } catch (error) {
    // Said now: closing after a failure may end the process (see closeAfterSeeding).
    console.error(`bench failed: ${(error as Error).message}`);
    throw Object.assign(error as Error, { reported: true });
  } finally {
    if (context) await closeAfterSeeding(context, failed);
  }
}

/**
 * After a failure (typically the consumers too slow) the CLI's close would wait for the whole backlog;
 * this closes without it, bounded. Events a consumer had in hand are relayed again by the next run (their
 * claims lapse; the consumers' processed-event marks make the repeat harmless), so a rerun resumes.
 */
async function closeAfterSeeding(context: CliContext, failed: boolean): Promise<void> {
  if (!failed) return closeCliContext(context, { settle: true });
  const closed = context.app.close().catch(() => undefined);
  const gaveUp = await Promise.race([
    closed.then(() => false),
    new Promise<boolean>((done) => setTimeout(() => done(true), 15_000).unref()),
  ]);
  if (gaveUp) {
    console.error('bench failed: the app did not close within 15 s after the failure above; exiting');
    process.exit(1);
  }
}

/**
 * As autovacuum does on a deployed server soon after a load like the seed: visibility and statistics of the
 * seeded tables. PGlite runs no autovacuum, and a test server may run without it (this project's did), so a
 * freshly seeded database was measured with neither.
 */
async function vacuumAndAnalyze(context: CliContext): Promise<void> {
  const started = performance.now();
  await connectionOf(context).execute('vacuum (analyze)');
  console.log(`vacuumed and analyzed in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/**
 * Today's sets made afresh, the way the deployed server makes them each morning: the day's sets go, the
 * daily run stores new ones, and its summary pass writes their summaries (both timed). Then the members whose
 * first read warms the gateway up and those whose first read is measured: `--first-read-warmup` and
 * `--first-reads` of them with a set, none of the signed-in accounts, each with an access token signed with
 * the gateway's secret.
 */
async function freshDay(context: CliContext): Promise<FirstReaders> {
  if (firstReadCount === 0) return NO_FIRST_READERS;
  const run = context.app.get(DailyMatchRun, { strict: false });
  const day = run.today();
  const connection = connectionOf(context);
  // A deployed server's day starts in a new partition (ensure_match_pick_day makes it): no dead rows of an
  // earlier making of it. Picks carry no foreign key to their set (the writer holds both).
  await connection.execute(`drop table if exists match_pick_${day.replaceAll('-', '')}`);
  await connection.execute(`delete from match_pick where day = ?::date`, [day]);
  await connection.execute(`delete from match_set where day = ?::date`, [day]);
  await connection.execute(`delete from match_day_pairs where day = ?::date`, [day]);
  await connection.execute('vacuum (analyze) match_set, match_day_pairs');
  const made = await run.run(day);
  const pass = await run.writeSummaries(day);
  console.log(
    `today (${day}) made afresh: the daily run ${(made.ms / 1000).toFixed(1)} s (${made.sets} sets), its summary ` +
      `pass ${(pass.ms / 1000).toFixed(1)} s (${pass.summaries} summaries, ` +
      `${Math.round((pass.summaries * 1000) / Math.max(1, pass.ms))}/s)`,
  );
  const accountEmails = new Set(
    Array.from(
      { length: accountCount },
      (_, i) => generateSeedUser(seed, Math.floor((i * users) / accountCount), { allVerified: true }).email,
    ),
  );
  const rows = await connection.execute<{ id: string; email: string; session_version: number }[]>(
    `select u.id, u.email, u.session_version from match_set s join app_user u on u.id = s.user_id
      where s.day = ?::date and s.pick_count > 0 order by md5(u.id::text) limit ?`,
    [day, firstReadWarmupCount + firstReadCount + accountCount],
  );
  const jwt = new JwtService({ secret: ACCESS_SECRET, signOptions: { expiresIn: '1h' } });
  const readers = rows
    .filter((row) => !accountEmails.has(row.email))
    .slice(0, firstReadWarmupCount + firstReadCount)
    .map((row) => ({
      id: row.id,
      // A sign-in of its own, as the app's tokens have: the guard asks whether it ended.
      token: jwt.sign(
        { id: row.id, email: row.email, sv: Number(row.session_version), sid: randomUUID() },
        { subject: row.id },
      ),
    }));
  return { warmup: readers.slice(0, firstReadWarmupCount), measured: readers.slice(firstReadWarmupCount) };
}

/** Members with a set of today who have not read it: some to warm the gateway up, the others measured. */
interface FirstReaders {
  warmup: Account[];
  measured: Account[];
}

const NO_FIRST_READERS: FirstReaders = { warmup: [], measured: [] };

function connectionOf(context: CliContext) {
  return (context.app.get(MikroORM).em.fork() as SqlEntityManager).getConnection();
}

async function matchable(context: CliContext): Promise<number> {
  const [row] = await connectionOf(context).execute<{ n: number | string }[]>(
    'select count(*) as n from matchable_member',
  );
  return Number(row?.n ?? 0);
}

/** The floor with and without metrics, alternating (--metrics-rounds). */
async function compareMetrics(database: Database): Promise<void> {
  const [floor] = buildTargets([]);
  console.log(
    `metrics cost: ${metricsRounds} rounds, the floor with ${connections} connections, ${warmup} s warm-up + ` +
      `${seconds} s per gateway, a fresh gateway each time`,
  );
  const ratios: number[] = [];
  const totals = { off: { rps: 0, cpuUs: 0 }, on: { rps: 0, cpuUs: 0 } };
  for (let round = 1; round <= metricsRounds; round++) {
    const order: ('off' | 'on')[] = round % 2 === 1 ? ['off', 'on'] : ['on', 'off'];
    const measured = { off: { rps: 0, cpuUs: 0 }, on: { rps: 0, cpuUs: 0 } };
    for (const metrics of order) {
      const port = await freePort();
      const server = startGateway(database, port, { metrics });
      try {
        const base = `http://127.0.0.1:${port}`;
        await waitForGateway(base, server);
        if (warmup > 0) await load(base, floor!, warmup);
        const cpuBefore = cpuSeconds(server.pid!);
        const row = summarise(floor!, await load(base, floor!, seconds));
        const cpu = cpuSeconds(server.pid!) - cpuBefore;
        if (row.unexpected > 0) throw new Error(`the floor answered ${row.unexpected} unexpected answers`);
        // The gateway's own CPU per answer: less swayed by the neighbours than the rate is.
        measured[metrics] = { rps: row.rps, cpuUs: (cpu / Math.max(1, row.total)) * 1e6 };
      } finally {
        server.kill('SIGTERM');
        await new Promise((done) => server.once('exit', done));
      }
    }
    for (const metrics of ['off', 'on'] as const) {
      totals[metrics].rps += measured[metrics].rps;
      totals[metrics].cpuUs += measured[metrics].cpuUs;
    }
    ratios.push(measured.on.rps / measured.off.rps);
    console.log(
      `  round ${round} (${order.join(' then ')}): without ${Math.round(measured.off.rps)} req/s ` +
        `(${measured.off.cpuUs.toFixed(0)} µs CPU each), with ${Math.round(measured.on.rps)} req/s ` +
        `(${measured.on.cpuUs.toFixed(0)} µs), ratio ${(measured.on.rps / measured.off.rps).toFixed(3)}; ` +
        `load ${loadavg()[0]!.toFixed(1)}`,
    );
  }
  const sorted = [...ratios].sort((a, b) => a - b);
  const median =
    sorted[Math.floor((sorted.length - 1) / 2)]! / 2 + sorted[Math.ceil((sorted.length - 1) / 2)]! / 2;
  console.log(
    `metrics cost: throughput with/without ${(totals.on.rps / totals.off.rps).toFixed(3)} over all rounds, ` +
      `median round ${median.toFixed(3)} (range ${sorted[0]!.toFixed(3)}–${sorted.at(-1)!.toFixed(3)}); ` +
      `gateway CPU per request with/without ${(totals.on.cpuUs / totals.off.cpuUs).toFixed(3)}`,
  );
}

function startGateway(
  database: Database,
  port: number,
  options: { metrics?: 'on' | 'off' } = {},
): ChildProcess {
  if (!existsSync(GATEWAY)) throw new Error(`${GATEWAY} is missing: run this through npm run bench`);
  const profiling = values.profile ? ['--cpu-prof', `--cpu-prof-dir=${ARTIFACTS}`] : [];
  if (values.profile) mkdirSync(ARTIFACTS, { recursive: true });
  return spawn(process.execPath, [...profiling, GATEWAY], {
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      // As deployed (no API docs); production wants real secrets and SMTP, which a read bench never uses.
      NODE_ENV: 'production',
      JWT_ACCESS_SECRET: ACCESS_SECRET,
      JWT_REFRESH_SECRET: randomBytes(32).toString('hex'),
      SMTP_URL: 'smtp://127.0.0.1:9',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: database.dataDir,
      ...(database.url ? { DATABASE_URL: database.url } : {}),
      ...MODEL_ENV,
      // The bench signs in hundreds of members from one address within a minute.
      AUTH_RATE_LIMIT: '1000000',
      AUTH_EMAIL_RATE_LIMIT: '1000000',
      LOG_LEVEL: 'warn',
      // No daily run in the middle of the measurement.
      MATCH_CRON: '0 3 1 1 *',
      ...(options.metrics === 'off' ? { FATED_BENCH_METRICS: 'off' } : {}),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function waitForGateway(base: string, server: ChildProcess): Promise<void> {
  const started = performance.now();
  for (;;) {
    const answer = await fetch(`${base}/api/quiz/questions`).catch(() => undefined);
    if (answer?.ok) break;
    if (server.exitCode !== null) throw new Error(`the gateway exited with code ${server.exitCode}`);
    if (performance.now() - started > 180_000) throw new Error('the gateway did not start within 3 minutes');
    await new Promise((wait) => setTimeout(wait, 250));
  }
  console.log(
    `gateway up in ${((performance.now() - started) / 1000).toFixed(1)} s (${GATEWAY}, NODE_ENV=production)`,
  );
}

/**
 * Signs in `accountCount` seeded members spread over the whole seed, asks each for today's set once (so
 * the bench reads a stored one), and makes sure each has a photo, noting its ETag for the 304 requests.
 */
async function prepareAccounts(base: string): Promise<Account[]> {
  const started = performance.now();
  const indexes = Array.from({ length: accountCount }, (_, i) => Math.floor((i * users) / accountCount));
  const accounts: Account[] = new Array(accountCount);
  await forEachLimit(indexes, 4, async (index, i) => {
    const { email } = generateSeedUser(seed, index, { allVerified: true });
    const response = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: values.password }),
    });
    const body = (await response.json()) as { accessToken?: string; id?: string; message?: string };
    if (response.status !== 200 || !body.accessToken || !body.id) {
      throw new Error(`sign-in as ${email} answered ${response.status} ${body.message ?? ''}`);
    }
    accounts[i] = { id: body.id, token: body.accessToken };
  });
  const signedIn = performance.now();

  await forEachLimit(accounts, 4, async (account) => {
    const response = await call(base, account, 'POST', '/api/match/new', { userId: account.id });
    if (response.status !== 200) throw new Error(`POST /api/match/new answered ${response.status}`);
  });
  const setsStored = performance.now();

  const photo = await sharp({ create: { width: 480, height: 360, channels: 3, background: '#7a9cc6' } })
    .png()
    .toBuffer();
  let uploaded = 0;
  await forEachLimit(accounts, 2, async (account) => {
    let fetched = await call(base, account, 'GET', `/api/image/fetch/${account.id}`);
    if (fetched.status === 404) {
      const form = new FormData();
      form.append('id', account.id);
      form.append('avatar', new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'me.png');
      const upload = await fetch(`${base}/api/image/upload`, {
        method: 'POST',
        headers: { authorization: `Bearer ${account.token}` },
        body: form,
      });
      await upload.arrayBuffer();
      if (upload.status !== 201) throw new Error(`POST /api/image/upload answered ${upload.status}`);
      uploaded++;
      fetched = await call(base, account, 'GET', `/api/image/fetch/${account.id}`);
    }
    const etag = fetched.headers.get('etag');
    if (fetched.status !== 200 || !etag) throw new Error(`GET /api/image/fetch answered ${fetched.status}`);
    const revalidated = await call(base, account, 'GET', `/api/image/fetch/${account.id}`, undefined, {
      'if-none-match': etag,
    });
    if (revalidated.status !== 304)
      throw new Error(`If-None-Match was answered ${revalidated.status}, not 304`);
    account.etag = etag;
  });
  const done = performance.now();
  console.log(
    `members: ${accounts.length} signed in (${((signedIn - started) / 1000).toFixed(1)} s), their sets stored ` +
      `(${((setsStored - signedIn) / 1000).toFixed(1)} s), ${uploaded} photos uploaded and every ETag ` +
      `answered 304 (${((done - setsStored) / 1000).toFixed(1)} s)`,
  );
  return accounts;
}

async function call(
  base: string,
  account: Account,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Headers }> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${account.token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  await response.arrayBuffer();
  return { status: response.status, headers: response.headers };
}

/** One prebuilt request per member, each signed in as that member; autocannon cycles through them. */
function buildTargets(accounts: Account[]): Target[] {
  const auth = (account: Account) => ({ authorization: `Bearer ${account.token}` });
  return [
    {
      route: 'GET /api/quiz/questions (floor)',
      expected: 200,
      requests: [{ method: 'GET', path: '/api/quiz/questions' }],
    },
    {
      route: 'GET /api/user/getProfile/:id',
      expected: 200,
      requests: accounts.map((a) => ({
        method: 'GET',
        path: `/api/user/getProfile/${a.id}`,
        headers: auth(a),
      })),
    },
    {
      route: 'GET /api/waitlist/:id',
      expected: 200,
      requests: accounts.map((a) => ({ method: 'GET', path: `/api/waitlist/${a.id}`, headers: auth(a) })),
    },
    {
      route: 'POST /api/match/new (stored)',
      expected: 200,
      requests: accounts.map((a) => ({
        method: 'POST',
        path: '/api/match/new',
        headers: { ...auth(a), 'content-type': 'application/json' },
        body: JSON.stringify({ userId: a.id }),
      })),
    },
    {
      route: 'GET /api/image/fetch/:id (304)',
      expected: 304,
      requests: accounts.map((a) => ({
        method: 'GET',
        path: `/api/image/fetch/${a.id}`,
        headers: { ...auth(a), 'if-none-match': a.etag! },
      })),
    },
  ];
}

/** Today's set for each first-read member. */
function firstReadTarget(readers: Account[], route: string): Target {
  return {
    route,
    expected: 200,
    requests: readers.map((a) => ({
      method: 'POST',
      path: '/api/match/new',
      headers: { authorization: `Bearer ${a.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ userId: a.id }),
    })),
  };
}

/** What one load run answered, and for how long it was answering (its first request to its last answer). */
interface Load {
  result: autocannon.Result;
  seconds: number;
}

/** For `durationS` seconds, or `amount` requests in all (each of the target's once, when it has that many). */
function load(base: string, target: Target, durationS: number | undefined, amount?: number): Promise<Load> {
  const { requests } = target;
  let next = 0;
  const started = performance.now();
  let lastAnswer = started;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: base,
        connections,
        ...(amount ? { amount } : { duration: durationS }),
        // One request built as it is sent, as the target's next member, so concurrent requests are for
        // different accounts. A list of the members' requests autocannon builds up front, on every
        // connection: for 10,000 members that kept this process busy for seconds while answers waited.
        requests: [{ setupRequest: (request) => ({ ...request, ...requests[next++ % requests.length]! }) }],
      },
      (error, result) =>
        error ? reject(error) : resolve({ result, seconds: (lastAnswer - started) / 1000 }),
    );
    // From the first request to the last answer: autocannon's own duration and average are of whole seconds,
    // which for a run of a few seconds (the first reads) are far off.
    instance.on('response', () => (lastAnswer = performance.now()));
  });
}

function summarise(target: Target, { result, seconds: answering }: Load): Row {
  const byStatus = new Map<number, number>();
  for (const [status, { count }] of Object.entries(result.statusCodeStats ?? {})) {
    byStatus.set(Number(status), Number(count));
  }
  const answered = [...byStatus.values()].reduce((sum, n) => sum + n, 0);
  const expected = byStatus.get(target.expected) ?? 0;
  return {
    route: target.route,
    rps: answered / Math.max(0.001, answering),
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: answered + result.errors,
    unexpected: answered - expected + result.errors,
    throttled: byStatus.get(429) ?? 0,
    errors: result.errors,
    others: [...byStatus]
      .filter(([status]) => status !== target.expected)
      .map(([status, n]) => `${n} × ${status}`)
      .concat(result.errors ? [`${result.errors} errors`] : []),
  };
}

function printTable(rows: Row[]): void {
  const floor = rows[0]!.rps;
  console.log(
    `\n${'route'.padEnd(34)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ` +
      `${'non-2xx/304'.padStart(11)} ${'vs floor'.padStart(8)} ${'gateway µs'.padStart(10)} ${'database µs'.padStart(11)}`,
  );
  const micros = (value: number | undefined) => (value === undefined ? '' : String(Math.round(value)));
  for (const row of rows) {
    console.log(
      `${row.route.padEnd(34)} ${String(Math.round(row.rps)).padStart(8)} ${String(row.p50).padStart(7)} ` +
        `${String(row.p99).padStart(7)} ${String(row.unexpected).padStart(11)} ${(row.rps / floor).toFixed(2).padStart(8)} ` +
        `${micros(row.cpu?.gatewayUs).padStart(10)} ${micros(row.cpu?.databaseUs).padStart(11)}`,
    );
  }
}

function serverRss(pid: number): number | undefined {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
  } catch {
    return undefined;
  }
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer().once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

async function forEachLimit<T>(items: T[], limit: number, work: (item: T, index: number) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      await work(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

main().catch((error: Error & { reported?: boolean }) => {
  if (!error.reported) console.error(`bench failed: ${error.stack ?? error.message}`);
  process.exitCode = 1;
});

/** The gateway's profile written at its exit (the newest in ARTIFACTS), summarised. */
function printProfile(since: number): void {
  const newest = readdirSync(ARTIFACTS)
    .filter((name) => name.endsWith('.cpuprofile'))
    .map((name) => ({ name, at: statSync(join(ARTIFACTS, name)).mtimeMs }))
    .filter((file) => file.at >= since - 1_000)
    .sort((a, b) => b.at - a.at)[0];
  if (!newest) return console.log('no gateway profile was written');
  console.log(`gateway profile: ${join(ARTIFACTS, newest.name)}`);
  for (const line of summariseProfile(JSON.parse(readFileSync(join(ARTIFACTS, newest.name), 'utf8'))))
    console.log(line);
}
