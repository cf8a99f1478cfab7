import 'reflect-metadata';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { MikroORM } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/sql';
import pg from 'pg';
import { closeCliContext, openCliContext, type CliContext } from '../../../cli/context/cli-context.js';
import { EventSettler } from '../../../cli/context/event-settler.js';
import { BULK_BATCH, BulkSeeder } from '../../../cli/seed/bulk-seeder.js';
import { DEFAULT_SEED_PASSWORD } from '../../../cli/seed/seed-password.js';
import { generateSeedUser } from '../../../cli/seed/seed-user-generator.js';
import { USERS_PER_EVENT } from '../../../libs/matching/commands/request-daily-matches/request-daily-matches.handler.js';
import { RecentPairs } from '../../../libs/matching/generation/recent-pairs.js';
import { CONSUMED_EVENT_TYPES } from '../../../libs/messaging/consumed-event-types.js';
import { CandidatePools } from '../../../libs/matching/pool/candidate-pools.js';
import { BenchLogger } from '../support/bench-logger.js';
import { describeMachine } from '../support/machine.js';
import { Deployment, MODEL_ENV, ROOT, startBroker, type Broker } from './deployment.js';
import {
  backendPids,
  counterDelta,
  CpuSampler,
  databaseCounters,
  delta,
  scrape,
  topicBytes,
  type DatabaseCounters,
  type Samples,
} from './readings.js';

/**
 * The daily run in the distributed deployment, against the embedded CLI on the same machine and data.
 *
 * A PostgreSQL database `fated_bench_distributed_<N>` on DATABASE_URL's server, seeded with N verified
 * members through the CLI's bulk path (`fated seed --users N --verified --bulk`: BulkSeeder, the matcher's
 * consumers in this process) until every one is matchable. Then, per `--matchers` count, a fresh day:
 * a fresh KRaft broker (test/kafka/start-kafka.sh), the built gateway and M matcher processes
 * (`NODE_ENV=production`, dist/bench), the day's run fired by a matcher's MATCH_CRON as in production —
 * the cron ticks every second, and the bench holds the day's lease (a finished row in daily_match_run)
 * until every process is ready and the partitions are split, then removes it, so the next tick of some
 * matcher runs RequestDailyMatches. Measured from the first `MatchRequested` outbox row to the day's last set
 * (every matchable member has one), and separately to the end of the summary pass (no pick of the day
 * without its summary: the MatchSetsStored chunks on the matchers). `--embedded` then runs
 * `fated match run` (the schedule's command, answered by the CLI's own consumers) as a CLI process for a fresh
 * day on the same data.
 *
 * A fresh day: the day's match_pick, match_set, match_day_pairs and daily_match_run rows go, and the
 * published outbox rows (the relay prunes them after an hour anyway), then `vacuum analyze` of those tables.
 *
 * Besides the times it prints what each matcher did (Prometheus on its own METRICS_PORT: chunks, phase
 * seconds, sets and summaries written, process CPU), the CPU of every process and of the database's
 * backends, what PostgreSQL counted for the database (pg_stat_database), and what went through the broker
 * (the day's outbox rows by type, each one Kafka record, and the topic's bytes).
 *
 *   DATABASE_URL=postgres://… npm run bench -- distributed [--users 20000] [--matchers 1,2] [--embedded]
 *                                                          [--seed 1] [--keep] [--timeout-minutes 30]
 *
 * Without `--keep` the database is made afresh and dropped at the end; with it, a database that already
 * holds N matchable members is reused and kept.
 */
const { values } = parseArgs({
  options: {
    users: { type: 'string', default: '20000' },
    matchers: { type: 'string', default: '2' },
    embedded: { type: 'boolean', default: false },
    seed: { type: 'string', default: '1' },
    keep: { type: 'boolean', default: false },
    'settle-minutes': { type: 'string', default: '30' },
    'timeout-minutes': { type: 'string', default: '30' },
  },
});
const users = Number(values.users);
const seed = Number(values.seed);
const matcherCounts = values.matchers.split(',').map(Number);
const timeoutMs = Number(values['timeout-minutes']) * 60_000;
const adminUrl = process.env.DATABASE_URL;
if (
  !Number.isInteger(users) ||
  users < 2 ||
  !Number.isInteger(seed) ||
  seed < 0 ||
  matcherCounts.some((m) => !Number.isInteger(m) || m < 1 || m > 6) ||
  !(timeoutMs > 0) ||
  !(Number(values['settle-minutes']) > 0) ||
  !adminUrl?.startsWith('postgres')
) {
  console.error(
    'usage: DATABASE_URL=postgres://… npm run bench -- distributed [--users N ≥ 2] [--matchers 1,2 (1..6 each)] ' +
      '[--embedded] [--seed S] [--keep] [--settle-minutes M] [--timeout-minutes M]',
  );
  process.exit(2);
}

const CLI = resolve(ROOT, 'dist/bench/cli/bin/fated.js');
const ARTIFACTS = resolve(ROOT, 'test/artifacts/bench/distributed');
const DATABASE = `fated_bench_distributed_${users}`;
const TOPIC = 'fated.events';
/** The day's chunk, for the per-chunk figures. */
const CHUNK = USERS_PER_EVENT;

interface ModeResult {
  mode: string;
  /** First MatchRequested → the day's last set. */
  runMs: number;
  /** First MatchRequested → no pick of the day without its summary. */
  summariesMs: number;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const thousands = (n: number) => Math.round(n).toLocaleString('en-US');
const load = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(' / ');

async function main(): Promise<void> {
  console.log(`machine: ${describeMachine()}; load average (1/5/15 min) ${load()}`);
  const url = await prepareDatabase();
  const db = new pg.Client({ connectionString: url });
  let dropAtEnd = !values.keep;
  try {
    const matchable = await seedUntilMatchable(url);
    await db.connect();
    const day = new Date().toISOString().slice(0, 10);
    console.log(`day ${day} (UTC), ${matchable} matchable members, chunks of ${CHUNK}`);
    const results: ModeResult[] = [];
    for (const count of matcherCounts) results.push(await distributedRun(db, url, day, count, matchable));
    if (values.embedded) results.push(await embeddedRun(db, url, day, matchable));
    printSummary(results);
  } catch (error) {
    dropAtEnd = false;
    throw error;
  } finally {
    await db.end().catch(() => undefined);
    if (dropAtEnd) await dropDatabase();
    else console.log(`database kept: ${DATABASE}`);
  }
}

async function prepareDatabase(): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    if (!values.keep) await admin.query(`drop database if exists ${DATABASE} with (force)`);
    const found = await admin.query('select 1 from pg_database where datname = $1', [DATABASE]);
    if (found.rowCount === 0) await admin.query(`create database ${DATABASE}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl!);
  url.pathname = `/${DATABASE}`;
  return url.toString();
}

async function dropDatabase(): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${DATABASE} with (force)`).finally(() => admin.end());
  console.log(`database ${DATABASE} dropped`);
}

/** `fated seed --users N --verified --bulk` in this process (embedded consumers), until N are matchable. */
async function seedUntilMatchable(url: string): Promise<number> {
  const dataDir = mkdtempSync(join(tmpdir(), 'fated-bench-distributed-seed-'));
  let context: CliContext | undefined;
  try {
    context = await openCliContext({
      env: { ...process.env, ...MODEL_ENV, DATA_DIR: dataDir, DATABASE_URL: url, TZ: 'UTC' },
      logger: new BenchLogger([]),
    });
    const before = await countMatchable(context);
    if (before >= users) {
      console.log(`database ${DATABASE}: reusing it, ${before} matchable members already`);
      await oneTimeLoads(context);
      return before;
    }
    console.log(`database ${DATABASE}: seeding ${users} members (bulk path, seed ${seed})…`);
    const seeding = performance.now();
    const seeder = new BulkSeeder(context.app, { seed, password: DEFAULT_SEED_PASSWORD, avatars: false });
    for (let start = 0; start < users; start += BULK_BATCH) {
      const batch = [];
      for (let index = start; index < Math.min(users, start + BULK_BATCH); index++) {
        batch.push(generateSeedUser(seed, index, { allVerified: true }));
      }
      await seeder.seedBatch(batch);
    }
    const seeded = performance.now();
    await context.app.get(EventSettler).settle();
    let after = 0;
    const deadline = performance.now() + Number(values['settle-minutes']) * 60_000;
    while ((after = await countMatchable(context)) < users) {
      if (performance.now() > deadline)
        throw new Error(`only ${after} of ${users} members matchable in time`);
      await new Promise((wait) => setTimeout(wait, 2_000));
    }
    await connectionOf(context).execute('vacuum (analyze)');
    console.log(
      `seeded in ${seconds(seeded - seeding)}, consumers done ${seconds(performance.now() - seeded)} later: ` +
        `${after} matchable members (vacuumed and analyzed)`,
    );
    await oneTimeLoads(context);
    return after;
  } finally {
    if (context) await closeCliContext(context, { settle: true });
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * What every matcher loads once for a day's chunks (CandidatePools, kept 5 min; RecentPairs, kept 10 min),
 * timed here alone on the same database, so the per-matcher share of a run can be told from the per-chunk one.
 */
async function oneTimeLoads(context: CliContext): Promise<void> {
  const day = new Date().toISOString().slice(0, 10);
  const started = performance.now();
  const pool = await context.app.get(CandidatePools, { strict: false }).get(0);
  const pooled = performance.now();
  const window = await context.app.get(RecentPairs, { strict: false }).forDay(day);
  const windowed = performance.now();
  const rss = process.memoryUsage.rss();
  console.log(
    `once per matcher (timed in this process): the pool ${seconds(pooled - started)} (${pool.size} members), ` +
      `the 30-day window ${seconds(windowed - pooled)} (${window.size} pairs); this process's RSS ${Math.round(rss / 2 ** 20)} MB`,
  );
}

function connectionOf(context: CliContext) {
  return (context.app.get(MikroORM).em.fork() as SqlEntityManager).getConnection();
}

async function countMatchable(context: CliContext): Promise<number> {
  const [row] = await connectionOf(context).execute<{ n: string }[]>(
    'select count(*) as n from matchable_member',
  );
  return Number(row?.n ?? 0);
}

/** The day as if it had not run yet; `holdLease` leaves a finished request in place so no tick takes the day. */
async function freshDay(db: pg.Client, day: string, holdLease: boolean): Promise<void> {
  await db.query('delete from match_pick where day = $1::date', [day]);
  await db.query('delete from match_set where day = $1::date', [day]);
  await db.query('delete from match_day_pairs where day = $1::date', [day]);
  await db.query('delete from daily_match_run where day = $1::date', [day]);
  await db.query('delete from outbox_message where published_at is not null');
  await db.query('vacuum (analyze) match_set, match_pick, match_day_pairs, daily_match_run, outbox_message');
  if (holdLease) {
    await db.query(
      `insert into daily_match_run (day, requested_at, requested_users) values ($1::date, now(), 0)`,
      [day],
    );
  }
}

async function count(db: pg.Client, sql: string, params: unknown[]): Promise<number> {
  const { rows } = await db.query<{ n: string }>(sql, params);
  return Number(rows[0]?.n ?? 0);
}

/** Polls until `done` holds; resolves with the time (performance.now()) it was first seen. */
async function until(
  what: string,
  everyMs: number,
  done: () => Promise<boolean>,
  since: number,
): Promise<number> {
  for (;;) {
    if (await done()) return performance.now();
    if (performance.now() - since > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((wait) => setTimeout(wait, everyMs));
  }
}

async function distributedRun(
  db: pg.Client,
  url: string,
  day: string,
  matchers: number,
  matchable: number,
): Promise<ModeResult> {
  const mode = `distributed, ${matchers} matcher${matchers > 1 ? 's' : ''}`;
  console.log(`\n== ${mode} (load average ${load()})`);
  await freshDay(db, day, true);
  const logDir = join(ARTIFACTS, `matchers-${matchers}`);
  mkdirSync(logDir, { recursive: true });
  let broker: Broker | undefined;
  let deployment: Deployment | undefined;
  try {
    const starting = performance.now();
    broker = await startBroker();
    deployment = await Deployment.start({ databaseUrl: url, broker, matchers, logDir });
    await deployment.ready();
    console.log(
      `broker, gateway and ${matchers} matcher(s) ready in ${seconds(performance.now() - starting)}`,
    );
    await loadEmbeddingModels(db, deployment);
    // Start-up work (the first consumer fetches, the warm-up's writes) done before the clock starts.
    await new Promise((wait) => setTimeout(wait, 5_000));

    const metricsOf = (port: number) => scrape(`http://127.0.0.1:${port}/metrics`, deployment!.metricsToken);
    const gatewayMetrics = () => scrape(`${deployment!.api}/metrics`, deployment!.metricsToken);
    const before = await Promise.all(deployment.matchers.map((m) => metricsOf(m.metricsPort)));
    const gatewayBefore = await gatewayMetrics();
    // The database's statistics from here on only, so the tables' reads below are the run's.
    await db.query('select pg_stat_reset()');
    const countersBefore = await databaseCounters(db);
    const bytesBefore = topicBytes(broker.dataDir, TOPIC);
    const pids = deployment.pids();
    const sampler = new CpuSampler({
      ...Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, () => [pid]])),
      postgres: () => backendPids(db),
    });
    await sampler.start();

    // The lease goes: the next tick of some matcher's MATCH_CRON requests the day.
    const released = performance.now();
    await db.query('delete from daily_match_run where day = $1::date', [day]);
    // Polled from the matchers' metrics (the sets and summaries they wrote, counted after each commit), so
    // the watching adds no scans of the day's tables to the database being measured; the database confirms.
    const matcherTotal = async (key: string) =>
      (await Promise.all(deployment!.matchers.map((m) => metricsOf(m.metricsPort)))).reduce(
        (sum, samples) => sum + (samples.get(key) ?? 0),
        0,
      );
    const SETS = 'fated_match_sets_written_total';
    const SUMMARIES = 'fated_match_summaries_written_total{path="pass"}';
    const baseOf = (key: string) => before.reduce((sum, samples) => sum + (samples.get(key) ?? 0), 0);
    const [setsBase, summariesBase] = [baseOf(SETS), baseOf(SUMMARIES)];
    const setsSeen = await until(
      'the day’s sets',
      250,
      async () =>
        (await matcherTotal(SETS)) - setsBase >= matchable &&
        (await count(db, 'select count(*) as n from match_set where day = $1::date', [day])) >= matchable,
      released,
    );
    const picks = await count(db, 'select count(*) as n from match_pick where day = $1::date', [day]);
    let polls = 0;
    const summariesSeen = await until(
      'the day’s summaries',
      250,
      async () =>
        ((await matcherTotal(SUMMARIES)) - summariesBase >= picks || ++polls % 20 === 0) &&
        (await count(db, 'select count(*) as n from match_pick where day = $1::date and summary is null', [
          day,
        ])) === 0,
      released,
    );
    // The relay marks rows published after the broker has them; the last MatchSetsStored ends the run's traffic.
    await until(
      'the day’s events relayed',
      250,
      async () =>
        (await count(db, 'select count(*) as n from outbox_message where published_at is null', [])) === 0,
      released,
    );
    const cpu = await sampler.stop();
    const after = await Promise.all(deployment.matchers.map((m) => metricsOf(m.metricsPort)));
    const gatewayAfter = await gatewayMetrics();
    // An idle backend sends its last statistics within 10 s (PostgreSQL's PGSTAT_IDLE_INTERVAL).
    await new Promise((wait) => setTimeout(wait, 10_500));
    const counters = counterDelta(countersBefore, await databaseCounters(db));
    const bytes = topicBytes(broker.dataDir, TOPIC) - bytesBefore;

    const times = await dayTimes(db, day);
    const say = (line: string) => console.log(line);
    // Database clock: requested_at (the tick that took the day), the first and last MatchRequested rows.
    // Bench clock: when the sets and the summaries were seen complete, both on the same machine's clock.
    const runMs = times.epochMs(setsSeen) - times.firstRequest;
    const summariesMs = times.epochMs(summariesSeen) - times.firstRequest;
    say(
      `lease released → tick took the day ${seconds(times.requestedAt - times.epochMs(released))}; ` +
        `→ first MatchRequested ${seconds(times.firstRequest - times.requestedAt)} ` +
        `(vectors caught up, members without a set read); the request wrote ${times.requests} MatchRequested ` +
        `in ${seconds(times.lastRequest - times.firstRequest)}`,
    );
    say(
      `first MatchRequested → last set: ${seconds(runMs)} (seen by polling every 0.25 s; the last set's ` +
        `created_at, its block's start, at ${seconds(times.lastSetCreated - times.firstRequest)})`,
    );
    say(`first MatchRequested → every summary of the day written: ${seconds(summariesMs)}`);
    for (const [index, matcher] of deployment.matchers.entries()) {
      say(matcherLine(matcher.process.name, before[index]!, after[index]!, cpu[matcher.process.name] ?? 0));
    }
    const gatewayHandled = handledTotal(gatewayBefore, gatewayAfter);
    say(
      `gateway: ${(cpu.gateway ?? 0).toFixed(1)} CPU-s (its consumer group reads every record; ` +
        `${thousands(gatewayHandled)} events handled by its consumers); broker: ${(cpu.broker ?? 0).toFixed(1)} CPU-s; ` +
        `PostgreSQL backends of the database: ${(cpu.postgres ?? 0).toFixed(1)} CPU-s`,
    );
    say(await carried(db, day, times.requestedAt, counters, bytes));
    say(await tableReads(db));
    return { mode, runMs, summariesMs };
  } finally {
    await deployment?.stop();
    await broker?.stop();
  }
}

/**
 * A matcher loads its embedding model on first use, and one that has run for a while has used it (every
 * profile or quiz saved): so that no model loads during the measured run, as on a deployed server, a few
 * members' profiles are announced as they are (ProfileUpdated with their current sexes and bio, as the
 * profiles context records it), spread over the partitions, until every matcher has logged its model loaded.
 */
async function loadEmbeddingModels(db: pg.Client, deployment: Deployment): Promise<void> {
  const loaded = /embedding model \S+ loaded/;
  const started = performance.now();
  const { rows } = await db.query<{ user_id: string; gender: string; preferred_sex: string; bio: string }>(
    `select user_id, gender, preferred_sex, bio from match_member order by md5(user_id::text) limit 24`,
  );
  for (const row of rows) {
    await db.query(
      `insert into outbox_message (id, type, aggregate_id, payload, occurred_at)
       values (gen_random_uuid(), 'ProfileUpdated', $1, $2::jsonb, now())`,
      [
        row.user_id,
        JSON.stringify({
          userId: row.user_id,
          gender: row.gender,
          preferredSex: row.preferred_sex,
          bio: row.bio,
        }),
      ],
    );
  }
  await Promise.all(deployment.matchers.map(({ process: matcher }) => matcher.waitForLog(loaded, 180_000)));
  console.log(
    `embedding model loaded in every matcher (${rows.length} profiles announced as they are): ` +
      seconds(performance.now() - started),
  );
}

interface DayTimes {
  requestedAt: number;
  firstRequest: number;
  lastRequest: number;
  requests: number;
  lastSetCreated: number;
  /** A performance.now() reading as epoch ms. */
  epochMs(at: number): number;
}

async function dayTimes(db: pg.Client, day: string): Promise<DayTimes> {
  const { rows } = await db.query<Record<string, Date | string | null>>(
    `select (select requested_at from daily_match_run where day = $1::date) as requested_at,
            (select min(occurred_at) from outbox_message where type = 'MatchRequested' and payload->>'day' = $1::date::text) as first_request,
            (select max(occurred_at) from outbox_message where type = 'MatchRequested' and payload->>'day' = $1::date::text) as last_request,
            (select count(*) from outbox_message where type = 'MatchRequested' and payload->>'day' = $1::date::text) as requests,
            (select max(created_at) from match_set where day = $1::date) as last_set`,
    [day],
  );
  const row = rows[0]!;
  const ms = (value: Date | string | null) => new Date(value as string).getTime();
  const origin = performance.timeOrigin;
  return {
    requestedAt: ms(row.requested_at!),
    firstRequest: ms(row.first_request!),
    lastRequest: ms(row.last_request!),
    requests: Number(row.requests),
    lastSetCreated: ms(row.last_set!),
    epochMs: (at) => origin + at,
  };
}

/** Sum of a histogram's `_sum` or `_count` for one phase. */
function phase(samples: Samples, name: string, suffix: 'sum' | 'count'): number {
  return samples.get(`fated_match_generation_phase_seconds_${suffix}{phase="${name}"}`) ?? 0;
}

function handledTotal(before: Samples, after: Samples, consumer?: string): number {
  let total = 0;
  for (const [key, value] of after) {
    if (!key.startsWith('fated_events_handled_total{')) continue;
    if (consumer && !key.includes(`consumer="${consumer}"`)) continue;
    total += value - (before.get(key) ?? 0);
  }
  return total;
}

function matcherLine(name: string, before: Samples, after: Samples, cpuSeconds: number): string {
  const chunks = delta(before, after, 'fated_match_generation_phase_seconds_count{phase="read"}');
  const per = (p: string) => {
    const total = phase(after, p, 'sum') - phase(before, p, 'sum');
    return `${p} ${total.toFixed(1)} s (${chunks ? ((total * 1000) / chunks).toFixed(0) : '-'} ms/chunk)`;
  };
  const passes = phase(after, 'summaries', 'count') - phase(before, 'summaries', 'count');
  const summariesSum = phase(after, 'summaries', 'sum') - phase(before, 'summaries', 'sum');
  const sets = delta(before, after, 'fated_match_sets_written_total');
  const summaries = delta(before, after, 'fated_match_summaries_written_total{path="pass"}');
  const processCpu = delta(before, after, 'process_cpu_seconds_total');
  return (
    `${name}: ${chunks} chunks, ${thousands(sets)} sets; ${per('read')}, ${per('score')}, ${per('write')}; ` +
    `summary pass ${passes} chunks, ${thousands(summaries)} summaries, ${summariesSum.toFixed(1)} s ` +
    `(${passes ? ((summariesSum * 1000) / passes).toFixed(0) : '-'} ms/chunk); ` +
    `${processCpu.toFixed(1)} CPU-s (metrics; /proc ${cpuSeconds.toFixed(1)}), ` +
    `RSS ${Math.round((after.get('process_resident_memory_bytes') ?? 0) / 2 ** 20)} MB`
  );
}

/** What PostgreSQL and the broker carried for the day's run. */
async function carried(
  db: pg.Client,
  day: string,
  since: number,
  counters: DatabaseCounters,
  topic: number | undefined,
): Promise<string> {
  const { rows } = await db.query<{ type: string; n: string; bytes: string }>(
    `select type, count(*) as n, sum(pg_column_size(payload)) as bytes from outbox_message
      where occurred_at >= $1 group by type order by type`,
    [new Date(since - 1)],
  );
  const picks = await count(db, 'select count(*) as n from match_pick where day = $1::date', [day]);
  const sets = await count(db, 'select count(*) as n from match_set where day = $1::date', [day]);
  const pairs = await count(db, 'select count(*) as n from match_day_pairs where day = $1::date', [day]);
  const total = (of: typeof rows) => thousands(of.reduce((sum, row) => sum + Number(row.n), 0));
  const list = (of: typeof rows) => of.map((row) => `${row.type} ${thousands(Number(row.n))}`).join(', ');
  // With Kafka only the types some consumer takes are sent; the others are stored as published.
  const sent = rows.filter((row) => CONSUMED_EVENT_TYPES.has(row.type));
  return (
    `rows of the day: ${thousands(sets)} match_set, ${thousands(picks)} match_pick, ${pairs} match_day_pairs; ` +
    `PostgreSQL (pg_stat_database): ${thousands(counters.commits)} commits, ${thousands(counters.inserted)} rows ` +
    `inserted, ${thousands(counters.updated)} updated, ${thousands(counters.deleted)} deleted, ` +
    `${thousands(counters.returned + counters.fetched)} read; ` +
    `outbox rows: ${total(rows)} (${list(rows)})` +
    (topic === undefined
      ? ''
      : `; sent to the broker: ${total(sent)} (${list(sent)}), ${(topic / 2 ** 20).toFixed(1)} MB appended to ${TOPIC}`)
  );
}

/** Rows read and written per table since the statistics were reset (the busiest five). */
async function tableReads(db: pg.Client): Promise<string> {
  const { rows } = await db.query<Record<string, string>>(
    `select relname, seq_scan, seq_tup_read, coalesce(idx_scan, 0) as idx_scan, coalesce(idx_tup_fetch, 0) as idx_tup_fetch,
            n_tup_ins + n_tup_upd + n_tup_del as written
       from pg_stat_user_tables
      order by seq_tup_read + coalesce(idx_tup_fetch, 0) + n_tup_ins + n_tup_upd + n_tup_del desc limit 5`,
  );
  return (
    'tables (seq scans/rows, index scans/rows fetched, rows written): ' +
    rows
      .map(
        (r) =>
          `${r.relname} ${thousands(Number(r.seq_scan))}/${thousands(Number(r.seq_tup_read))}, ` +
          `${thousands(Number(r.idx_scan))}/${thousands(Number(r.idx_tup_fetch))}, ${thousands(Number(r.written))}`,
      )
      .join('; ')
  );
}

/** `fated match run` as its own process (embedded: no KAFKA_BROKERS), its report and its CPU. */
async function embeddedRun(db: pg.Client, url: string, day: string, matchable: number): Promise<ModeResult> {
  const mode = 'embedded CLI';
  console.log(`\n== ${mode}: fated match run --date ${day} (load average ${load()})`);
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run this through npm run bench`);
  await freshDay(db, day, false);
  const dataDir = mkdtempSync(join(tmpdir(), 'fated-bench-distributed-cli-'));
  // The fresh day's deletes reach the statistics (each backend flushes about every second) before they reset.
  await new Promise((wait) => setTimeout(wait, 1_500));
  await db.query('select pg_stat_reset()');
  const countersBefore = await databaseCounters(db);
  const started = performance.now();
  const child = spawn(process.execPath, [CLI, 'match', 'run', '--date', day, '--json'], {
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      TZ: 'UTC',
      ...MODEL_ENV,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const sampler = new CpuSampler({ cli: () => [child.pid!], postgres: () => backendPids(db) }, 200);
  await sampler.start();
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const code = await new Promise<number | null>((done) => child.on('exit', done));
  const wallMs = performance.now() - started;
  const cpu = await sampler.stop();
  rmSync(dataDir, { recursive: true, force: true });
  if (code !== 0) throw new Error(`fated match run exited with ${code}:\n${out}`);
  const report = JSON.parse(out.slice(out.indexOf('{'))) as {
    ms: number;
    sets: number;
    users: number;
    summaryPass?: { ms: number; summaries: number };
  };
  await new Promise((wait) => setTimeout(wait, 1_500));
  const counters = counterDelta(countersBefore, await databaseCounters(db));
  const sets = await count(db, 'select count(*) as n from match_set where day = $1::date', [day]);
  if (sets < matchable) throw new Error(`the CLI left ${matchable - sets} members without a set`);
  const say = (line: string) => console.log(line);
  const pass = report.summaryPass ?? { ms: 0, summaries: 0 };
  say(
    `the run's own report: ${seconds(report.ms)} for ${report.users} members (${report.sets} sets); its summary ` +
      `pass ${seconds(pass.ms)} (${thousands(pass.summaries)} summaries); the whole CLI process ${seconds(wallMs)}`,
  );
  say(
    `CLI process: ${(cpu.cli ?? 0).toFixed(1)} CPU-s (sampled every 0.2 s); PostgreSQL backends of the database: ` +
      `${(cpu.postgres ?? 0).toFixed(1)} CPU-s`,
  );
  say(await carried(db, day, Date.now() - wallMs, counters, undefined));
  say(await tableReads(db));
  return { mode, runMs: report.ms, summariesMs: report.ms + pass.ms };
}

function printSummary(results: ModeResult[]): void {
  const embedded = results.find((r) => r.mode.startsWith('embedded'));
  console.log(
    `\n${'mode'.padEnd(26)} ${'run'.padStart(9)} ${'+ summaries'.padStart(12)} ${'vs embedded'.padStart(12)}`,
  );
  for (const result of results) {
    const ratio = embedded ? `${(result.runMs / embedded.runMs).toFixed(2)}×` : '';
    console.log(
      `${result.mode.padEnd(26)} ${seconds(result.runMs).padStart(9)} ${seconds(result.summariesMs).padStart(12)} ${ratio.padStart(12)}`,
    );
  }
  console.log(
    'run: distributed from the first MatchRequested to the last set; embedded the run’s own report (vectors ' +
      'caught up, pool and window loaded, sets written). + summaries: until every pick of the day has its summary.',
  );
  console.log(`load average at the end ${load()}`);
}

main().catch((error: Error) => {
  console.error(`bench failed: ${error.stack ?? error.message}`);
  process.exitCode = 1;
});
