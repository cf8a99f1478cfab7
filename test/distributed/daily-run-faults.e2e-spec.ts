import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { Kafka, logLevel } from 'kafkajs';
import pg from 'pg';
import { MailCatcher } from '../support/mail-catcher.js';
import { REPO_ROOT } from '../support/test-app.js';
import { createTestDatabase } from '../support/test-database.js';
import { startKafka, type KafkaBroker } from '../kafka/kafka-broker.js';
import { AppProcess, waitFor } from './app-process.js';

/**
 * Issue 9, "Crashes and faults", distributed: two matchers over Kafka and PostgreSQL run the day's matching
 * for a seeded population while a matcher is killed (SIGKILL) right after the day is claimed, the broker
 * restarts and every database connection is dropped once. Afterwards every matchable member has exactly one
 * set for the day, the outbox is drained, the matchers' consumer group has no lag and nothing was parked.
 */
const MATCHER = resolve(REPO_ROOT, 'dist/apps/matcher/main.js');
const CLI = resolve(REPO_ROOT, 'dist/cli/bin/fated.js');
const LOG_DIR = resolve(REPO_ROOT, 'test/artifacts/distributed');
const MEMBERS = 1_000;

process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';

describe('the daily run survives a killed matcher, a broker restart and dropped database connections', () => {
  let kafka: KafkaBroker;
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let db: pg.Client;
  let mail: MailCatcher;
  const matchers: AppProcess[] = [];
  const dataDirs: string[] = [];

  const sql = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
    (await db.query(text, params)).rows as T[];
  const today = () => new Date().toISOString().slice(0, 10);

  const processEnv = (dataDir: string, extra: Record<string, string> = {}) => ({
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '/tmp',
    NO_COLOR: '1',
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: database.url!,
    KAFKA_BROKERS: kafka.brokers,
    SMTP_URL: mail.url,
    MODELS_DIR: resolve(REPO_ROOT, '../shared/models'),
    EMBEDDING_MODEL: 'local/wordnet-wordpiece-static-256',
    JWT_ACCESS_SECRET: 'distributed-test-access-secret-0123456789abcdef',
    JWT_REFRESH_SECRET: 'distributed-test-refresh-secret-0123456789abcdef',
    TZ: 'UTC',
    ...extra,
  });
  const dir = (name: string) => {
    const made = mkdtempSync(join(tmpdir(), `fated-${name}-`));
    dataDirs.push(made);
    return made;
  };

  beforeAll(async () => {
    [kafka, database, mail] = await Promise.all([startKafka(), createTestDatabase(), MailCatcher.start()]);
    db = new pg.Client({ connectionString: database.url });
    await db.connect();
  }, 240_000);

  afterAll(async () => {
    await Promise.allSettled(matchers.map((matcher) => matcher.stop()));
    await db?.end().catch(() => undefined);
    await database?.drop().catch(() => undefined);
    await mail?.close().catch(() => undefined);
    await kafka?.stop().catch(() => undefined);
    for (const made of dataDirs) rmSync(made, { recursive: true, force: true });
  }, 60_000);

  it(`gives each of ${MEMBERS} members exactly one set for the day, drains everything, handles nothing twice`, async () => {
    // The members go in through the CLI; their events wait in Kafka for the matchers.
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [CLI, 'seed', '--users', String(MEMBERS), '--verified', '--bulk', '--seed', '11'],
      { env: processEnv(dir('cli')), timeout: 240_000, maxBuffer: 8 << 20 },
    );
    expect(stdout).toMatch(new RegExp(`${MEMBERS} created`));

    // Every minute on the minute: the first tick after the start is the day's run, fired by both matchers.
    for (const name of ['faults-matcher-a', 'faults-matcher-b'])
      matchers.push(
        new AppProcess(name, MATCHER, processEnv(dir(name), { MATCH_CRON: '* * * * *' }), LOG_DIR),
      );
    const [a, b] = matchers as [AppProcess, AppProcess];

    const claimed = await waitFor(
      'a matcher to claim the day',
      150_000,
      async () => {
        for (const matcher of matchers)
          if (!matcher.running) throw new Error(`${matcher.name} exited:\n${matcher.logs.slice(-3000)}`);
        const [row] = await sql(`select requested_at from daily_match_run where day = $1::date`, [today()]);
        return row?.requested_at ? row : undefined;
      },
      100,
    );
    expect(claimed).toBeDefined();

    // The faults, one after the other while the day's requests and sets are being written: at once, as the
    // run writes a thousand sets in well under a second now.
    await a.crash();
    const [{ n: setsAtCrash }] = await sql<{ n: number }>(
      `select count(*)::int as n from match_set where day = $1::date`,
      [today()],
    );
    // The faults land in the middle of the run, not after it.
    expect(setsAtCrash).toBeLessThan(MEMBERS);
    await kafka.restart({ downMs: 2_000 });
    const dropped = await sql<{ n: number }>(
      `select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid()`,
    );
    expect(dropped[0]!.n).toBeGreaterThan(0);

    // Afterwards (the survivor resumes a stalled day within a minute of its lease lapsing): one set each.
    const matchable = async () =>
      sql<{ id: string; sets: number }>(
        `select u.id, (select count(*)::int from match_set s where s.user_id = u.id and s.day = $1::date) as sets
           from app_user u join profile p on p.user_id = u.id join quiz_response q on q.user_id = u.id
          where u.email_verified_at is not null and u.suspended_at is null`,
        [today()],
      );
    await waitFor(
      'every matchable member to have a set for the day',
      300_000,
      async () => {
        if (!b.running) throw new Error(`the surviving matcher exited:\n${b.logs.slice(-3000)}`);
        const members = await matchable();
        return members.length === MEMBERS && members.every((member) => member.sets === 1) ? true : undefined;
      },
      1_000,
    );
    expect((await matchable()).filter((member) => member.sets !== 1)).toEqual([]);

    await waitFor('the outbox to drain', 120_000, async () =>
      (await sql(`select 1 from outbox_message where published_at is null limit 1`)).length === 0
        ? true
        : undefined,
    );
    const admin = new Kafka({
      clientId: 'faults-check',
      brokers: kafka.brokers.split(','),
      logLevel: logLevel.NOTHING,
    }).admin();
    await admin.connect();
    try {
      const lag = await waitFor(
        'the matchers to catch up with the topic',
        120_000,
        async () => {
          const [ends, [group]] = await Promise.all([
            admin.fetchTopicOffsets('fated.events'),
            admin.fetchOffsets({ groupId: 'fated-matcher', topics: ['fated.events'] }),
          ]);
          const committed = new Map(group!.partitions.map((p) => [p.partition, Number(p.offset)]));
          const behind = ends.reduce(
            (sum, end) => sum + Number(end.high) - Math.max(0, committed.get(end.partition) ?? 0),
            0,
          );
          return behind === 0 ? behind : undefined;
        },
        1_000,
      );
      expect(lag).toBe(0);
    } finally {
      await admin.disconnect();
    }
    expect(await sql(`select consumer, type, error from dead_letter`)).toEqual([]);
    // Each consumer marked each event at most once (the primary key says so). The day is recorded as done:
    // when the killed matcher had written the requests but not the record, the survivor records it once the
    // lease lapses (two minutes) and its next resume check finds nobody left to ask for.
    const requested = await waitFor(
      'the day to be recorded as requested',
      240_000,
      async () => {
        const [run] = await sql<{ requested_users: number | null }>(
          `select requested_users from daily_match_run where day = $1::date`,
          [today()],
        );
        return run?.requested_users ?? undefined;
      },
      1_000,
    );
    expect(requested).not.toBeNull();
  }, 900_000);
});
