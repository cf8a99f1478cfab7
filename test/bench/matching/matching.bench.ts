import 'reflect-metadata';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { MikroORM } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { DailyMatchRun } from '../../../libs/matching/daily-run/daily-match-run.js';
import { addDays, type CalendarDay } from '../../../libs/matching/domain/calendar-day.js';
import { PersonalityVectors } from '../../../libs/matching/personality/personality-vectors.js';
import { MemberRepository } from '../../../libs/matching/members/member.repository.js';
import { EventRegistry } from '../../../libs/messaging/event-registry.js';
import type { IntegrationEvent } from '../../../libs/messaging/integration-event.js';
import { TextEmbeddings } from '../../../libs/matching/embeddings/text-embeddings.js';
import { closeCliContext, openCliContext, type CliContext } from '../../../cli/context/cli-context.js';
import { EventSettler } from '../../../cli/context/event-settler.js';
import { BULK_BATCH, BulkSeeder } from '../../../cli/seed/bulk-seeder.js';
import { DEFAULT_SEED_PASSWORD } from '../../../cli/seed/seed-password.js';
import { generateSeedUser } from '../../../cli/seed/seed-user-generator.js';
import { createTestDatabase } from '../../support/test-database.js';
import { BenchLogger } from '../support/bench-logger.js';
import { profile } from '../support/cpu-profile.js';
import { describeMachine, megabytes, withPeakRss } from '../support/machine.js';

/**
 * The daily matching at scale: N verified users with profiles and quizzes are seeded into a fresh
 * database (a temporary PGlite DATA_DIR, or a new PostgreSQL database when DATABASE_URL is set), their
 * personality vectors are built as the matcher's worker builds them when quizzes come in, and then the
 * daily run — the engine's one-call DailyMatchRun, the generator the schedule's chunks use — is timed end
 * to end. The last line is exactly `matching N users: X users/s`.
 *
 * With `--history-days D` the run is the steady state: D − 1 earlier days of sets are there first, so the
 * 30-day no-repeat rule has its full window to read and apply. `--history synthetic` (the default) writes
 * them in one statement a day (three picks a day for everyone, drawn from each one's compatible group);
 * `--history real` lives through them as a deployed server does: each day's real run and its summary pass,
 * the relay marking the day's outbox rows published and the pruner removing them, `vacuum analyze` every
 * seventh day as autovacuum would. After today's run its summary pass is timed on its own.
 *
 *   npm run bench -- matching --users 10000 [--history-days 30] [--history synthetic|real] [--seed 1]
 *                             [--profile] [--keep]
 */
const { values } = parseArgs({
  options: {
    users: { type: 'string' },
    'history-days': { type: 'string', default: '1' },
    history: { type: 'string', default: 'synthetic' },
    seed: { type: 'string', default: '1' },
    profile: { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
  },
});
const users = Number(values.users);
const seed = Number(values.seed);
const historyDays = Number(values['history-days']);
if (
  !Number.isInteger(users) ||
  users < 2 ||
  !Number.isInteger(seed) ||
  seed < 0 ||
  !Number.isInteger(historyDays) ||
  historyDays < 1 ||
  historyDays > 30 ||
  !['synthetic', 'real'].includes(values.history!)
) {
  console.error(
    'usage: npm run bench -- matching --users N [--history-days 1–30] [--history synthetic|real] [--seed S] ' +
      '[--profile] [--keep]  (N ≥ 2)',
  );
  process.exit(2);
}

const ARTIFACTS = resolve(import.meta.dirname, '../../../../../test/artifacts/bench');

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'fated-bench-'));
  const database = await createTestDatabase();
  const logger = new BenchLogger(['MatchSetGenerator', 'DailyMatchRun', 'PersonalityVectors']);
  let context: CliContext | undefined;
  try {
    context = await openCliContext({
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        ...(database.url ? { DATABASE_URL: database.url } : {}),
        LOG_LEVEL: 'debug',
      },
      // The worker's consumers would build vectors one event at a time while seeding; the bench builds
      // them in batches (as a matcher catching up does), then times the run alone.
      consumers: false,
      logger,
    });
    const model = await context.app.get(TextEmbeddings, { strict: false }).model();
    console.log(`machine: ${describeMachine()}`);
    console.log(
      `database: ${context.database} (fresh); embedding model: ${model ? model.modelId : 'none (answers only)'}`,
    );

    const seeding = await timed(async () => {
      const seeder = new BulkSeeder(context!.app, { seed, password: DEFAULT_SEED_PASSWORD, avatars: false });
      for (let start = 0; start < users; start += BULK_BATCH) {
        const batch = [];
        for (let index = start; index < Math.min(users, start + BULK_BATCH); index++) {
          batch.push(generateSeedUser(seed, index, { allVerified: true }));
        }
        await seeder.seedBatch(batch);
      }
      await recordMembers(context!);
      // Nobody consumes here, so relaying only marks the sign-up events as sent.
      await context!.app.get(EventSettler).settle();
    });
    console.log(
      `seeded ${users} users in ${seconds(seeding.ms)} (${rate(users, seeding.ms)} users/s, bulk path)`,
    );

    const vectors = await timed(() => context!.app.get(PersonalityVectors, { strict: false }).refreshStale());
    console.log(
      `personality vectors: ${vectors.result} built in ${seconds(vectors.ms)} (${rate(vectors.result, vectors.ms)} users/s; the worker's job as quizzes arrive)`,
    );

    const run = context.app.get(DailyMatchRun, { strict: false });
    const day = run.today();
    if (historyDays > 1 && values.history === 'real') {
      await liveHistory(context, run, day, historyDays - 1);
    } else if (historyDays > 1) {
      const history = await timed(() => writeHistory(context!, day, historyDays - 1));
      console.log(
        `history: ${historyDays - 1} earlier days, ${history.result} picks written in ${seconds(history.ms)} (steady state)`,
      );
    }
    logger.captured.length = 0;
    const measured = await withPeakRss(async () => {
      if (!values.profile) return { result: await timed(() => run.run(day)), summary: [] as string[] };
      mkdirSync(ARTIFACTS, { recursive: true });
      const file = join(ARTIFACTS, `matching-${users}-${context!.config.database.kind}.cpuprofile`);
      return profile(() => timed(() => run.run(day)), file);
    });
    const { result: report, ms } = measured.result.result;
    const picks = await countPicks(context, day);
    console.log(
      `daily run ${day}: ${report.users} users, ${report.sets} sets (${report.empty} empty), ${picks} picks, ` +
        `${report.refreshed} vectors caught up, ${seconds(ms)}`,
    );
    for (const line of logger.captured) console.log(`  ${line}`);
    for (const line of measured.result.summary) console.log(line);
    console.log(
      `memory: peak RSS during the run ${megabytes(measured.peakRss)}, process peak ${megabytes(process.resourceUsage().maxRSS * 1024)}` +
        (context.config.database.kind === 'postgres'
          ? ' (PostgreSQL itself runs in its own processes)'
          : ' (PGlite runs inside this process)'),
    );
    if (report.users !== users || report.sets !== users) {
      throw new Error(`expected ${users} users and sets, got ${report.users} users and ${report.sets} sets`);
    }
    const pass = await run.writeSummaries(day);
    console.log(
      `summary pass ${day}: ${pass.summaries} summaries in ${seconds(pass.ms)} (${rate(pass.summaries, pass.ms)}/s), ` +
        'after the run and not counted in it',
    );
    console.log(`matching ${users} users: ${rate(users, ms)} users/s`);
  } finally {
    if (context) await closeCliContext(context, { settle: false });
    if (values.keep) {
      console.error(`kept: DATA_DIR=${dataDir}${database.url ? ` DATABASE_URL=${database.url}` : ''}`);
    } else {
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
}

async function timed<T>(work: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const started = performance.now();
  const result = await work();
  return { result, ms: performance.now() - started };
}

/**
 * Sets for the `days` days before `day`: three picks a day for every matchable member, each a member of the
 * group that fits them, spread by a multiplicative hash so that pairs vary from day to day as real runs do.
 */
async function writeHistory(context: CliContext, day: string, days: number): Promise<number> {
  // PGlite has no autovacuum: without statistics of the freshly seeded tables the planner took the members
  // for a handful of rows and looped over all of them for each pick (it had not finished after an hour).
  await (context.app.get(MikroORM).em.fork() as SqlEntityManager).getConnection().execute('analyze');
  await context.app
    .get(MikroORM)
    .em.fork()
    .transactional(async (em) => {
      const connection = (em as SqlEntityManager).getConnection();
      const ctx = em.getTransactionContext();
      // Setup only: the history is consistent by construction, and checking two foreign keys on each of
      // millions of rows took longer than the run being measured (the session setting skips FK triggers).
      await connection.execute(`set local session_replication_role = replica`, [], 'run', ctx);
      // The join below hashes every member; with the default 4 MB it spilled to disk in batches.
      await connection.execute(`set local work_mem = '256MB'`, [], 'run', ctx);
      await connection.execute(
        `select ensure_match_pick_day(?::date - d) from generate_series(1, ?) d`,
        [day, days],
        'run',
        ctx,
      );
      await connection.execute(
        `insert into match_set (user_id, day, pick_count, created_at)
     select m.user_id, ?::date - d, 3, now() from matchable_member m cross join generate_series(1, ?) d order by 1, 2`,
        [day, days],
        'run',
        ctx,
      );
      // One day per statement: each touches one day's partition and its indexes, which stay in memory; all
      // days at once inserted into every partition's indexes in turn (PGlite had not finished after an hour).
      for (let d = 1; d <= days; d++) {
        await connection.execute(
          // The partner's place in their group is computed first, so the join is a plain equi-join that the
          // planner hashes (joining on the expression made it loop over whole groups).
          `with member as materialized (
           select user_id, seq, gender, preferred_sex,
                  row_number() over (partition by gender, preferred_sex order by user_id) - 1 as idx
             from matchable_member
         ),
         group_size as (select gender, preferred_sex, count(*) as n from member group by gender, preferred_sex),
         wanted as materialized (
           select s.user_id, s.seq, ?::date - d as day, t.tier, s.preferred_sex as partner_gender,
                  s.gender as partner_preference, (s.idx * 7919 + d * 104729 + t.k * 1299709) % z.n as partner_idx
             from member s
             join group_size z on z.gender = s.preferred_sex and z.preferred_sex = s.gender
            cross join (select ?::int as d) d
            cross join (values ('best', 1), ('medium', 2), ('worst', 3)) t(tier, k)
         )
         insert into match_pick (user_id, day, tier, candidate_id, percent, created_at, user_seq, candidate_seq)
         select w.user_id, w.day, w.tier, c.user_id, 50, now(), w.seq, c.seq
           from wanted w
           join member c on c.gender = w.partner_gender and c.preferred_sex = w.partner_preference
                        and c.idx = w.partner_idx
          order by w.user_id`,
          [day, d],
          'run',
          ctx,
        );
        // As MatchSetWriter stores them beside the picks: the window reads these.
        await connection.execute(
          `insert into match_day_pairs (day, pairs)
           select day, string_agg(int4send(user_seq) || int4send(candidate_seq), ''::bytea)
             from match_pick where day = ?::date - ?::int group by day`,
          [day, d],
          'run',
          ctx,
        );
      }
    });
  const connection = (context.app.get(MikroORM).em.fork() as SqlEntityManager).getConnection();
  // As autovacuum would after a load like this (PGlite has none): the run's queries plan with real counts.
  await connection.execute('analyze match_set, match_pick');
  const [row] = await connection.execute<{ n: number | string }[]>(
    'select count(*) as n from match_pick where day < ?::date',
    [day],
  );
  return Number(row?.n ?? 0);
}

/**
 * The `days` days before `day` as a deployed server lives them: the real run and its summary pass, the
 * relay marking the day's outbox rows (one MatchesGenerated per set) published and the pruner removing
 * them, and `vacuum analyze` every seventh day as autovacuum would.
 */
async function liveHistory(
  context: CliContext,
  run: DailyMatchRun,
  day: string,
  days: number,
): Promise<void> {
  const connection = () => (context.app.get(MikroORM).em.fork() as SqlEntityManager).getConnection();
  const runMs: number[] = [];
  const passMs: number[] = [];
  for (let d = days; d >= 1; d--) {
    const date = addDays(day as CalendarDay, -d);
    const made = await run.run(date);
    const pass = await run.writeSummaries(date);
    runMs.push(made.ms);
    passMs.push(pass.ms);
    await context.app.get(EventSettler).settle();
    await connection().execute(`delete from outbox_message where published_at is not null`);
    if ((days - d + 1) % 7 === 0) await connection().execute('vacuum (analyze)');
    console.log(
      `  history ${date}: run ${seconds(made.ms)} (${made.sets} sets), summary pass ${seconds(pass.ms)}`,
    );
  }
  const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;
  console.log(
    `history: ${days} earlier days through the real run, mean run ${seconds(mean(runMs))} (first ${seconds(runMs[0]!)}, ` +
      `last ${seconds(runMs[runMs.length - 1]!)}), mean summary pass ${seconds(mean(passMs))}`,
  );
}

async function countPicks(context: CliContext, day: string): Promise<number> {
  const em = context.app.get(MikroORM).em.fork() as SqlEntityManager;
  const [row] = await em
    .getConnection()
    .execute<{ n: number | string }[]>('select count(*) as n from match_pick where day = ?::date', [day]);
  return Number(row?.n ?? 0);
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
}

function rate(count: number, ms: number): number {
  return Math.round(count / (ms / 1000));
}

main().catch((error: Error) => {
  console.error(`bench failed: ${error.message}`);
  process.exitCode = 1;
});

/**
 * The worker's consumers would record the seeded members in matching's read model one event at a time;
 * the bench records the seed's events in batches instead, read back from the outbox (the relay marks them
 * sent, as nobody consumes them here, but keeps published rows for a while).
 */
async function recordMembers(context: CliContext): Promise<void> {
  const orm = context.app.get(MikroORM);
  const members = context.app.get(MemberRepository, { strict: false });
  const PAGE = 20_000;
  for (let after = 0; ;) {
    const rows = (await (orm.em.fork() as SqlEntityManager).getConnection().execute(
      `select seq, id, type, aggregate_id, payload, occurred_at from outbox_message
        where seq > ? order by seq limit ${PAGE}`,
      [after],
    )) as {
      seq: number;
      id: string;
      type: string;
      aggregate_id: string;
      payload: unknown;
      occurred_at: Date | string;
    }[];
    if (rows.length === 0) return;
    after = Number(rows[rows.length - 1]!.seq);
    const events = rows.flatMap((row) => {
      const payload = typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload;
      const event = EventRegistry.revive(row.type, row.aggregate_id, payload as object, {
        eventId: row.id,
        occurredAt: new Date(row.occurred_at),
      });
      return event ? [event as IntegrationEvent] : [];
    });
    await orm.em.fork().transactional((em) => members.recordEvents(em, events));
  }
}
