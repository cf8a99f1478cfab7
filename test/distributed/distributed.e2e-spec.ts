import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { promisify } from 'node:util';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { Kafka, logLevel, Partitioners } from 'kafkajs';
import { io, type Socket } from 'socket.io-client';
import { REFRESH_COOKIE } from '../../libs/accounts/refresh-cookie.js';
import { ApiClient } from '../support/api-client.js';
import { MailCatcher, verificationLinkIn } from '../support/mail-catcher.js';
import { createTestDatabase } from '../support/test-database.js';
import { startKafka, type KafkaBroker } from '../kafka/kafka-broker.js';
import { AppProcess, freePort, waitFor } from './app-process.js';

/**
 * The distributed deployment for real: a Kafka broker, PostgreSQL, the built gateway and two matcher
 * processes that share nothing but those two. Everything goes through the gateway's HTTP API; the
 * database is only read, to see what the matchers did.
 */
const REPO_ROOT = resolve(import.meta.dirname, '../..');
const GATEWAY = resolve(REPO_ROOT, 'dist/apps/gateway/main.js');
const MATCHER = resolve(REPO_ROOT, 'dist/apps/matcher/main.js');
const CLI = resolve(REPO_ROOT, 'dist/cli/bin/fated.js');
const LOG_DIR = resolve(REPO_ROOT, 'test/artifacts/distributed');
const PARTITIONS = [0, 1, 2, 3, 4, 5];
const REFRESH_CONSUMER = 'matching.refresh-personality';

process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';

/** The partition an event keyed by this user id goes to: the producer's own partitioner, on 6 partitions. */
const partitioner = Partitioners.DefaultPartitioner();
const partitionOf = (userId: string) =>
  partitioner({
    topic: 'fated.events',
    partitionMetadata: PARTITIONS.map((partitionId) => ({
      partitionId,
      leader: 1,
      replicas: [1],
      isr: [1],
      partitionErrorCode: 0,
    })),
    message: { key: userId, value: null },
  });

const answers = (seed: number) =>
  Array.from({ length: 19 }, (_, i) => ({
    id: i + 1,
    choice: ((i * (seed + 1) + seed) % 5) + 1,
    txt: 'ignored by the server',
  }));

interface Person {
  client: ApiClient;
  id: string;
  email: string;
  gender: 'male' | 'female';
  partition: number;
}

describe('distributed deployment: gateway and two matchers over PostgreSQL and Kafka', () => {
  let kafka: KafkaBroker;
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let db: pg.Client;
  let mail: MailCatcher;
  let gateway: AppProcess;
  let matcherA: AppProcess;
  let matcherB: AppProcess;
  /** A second gateway on the same database, started by the Socket.IO test. */
  let gatewayB: AppProcess | undefined;
  let api: string;
  /** Matcher A's partitions as the first rebalance left them. */
  let partitionsOfA: number[] = [];
  const dataDirs: string[] = [];
  const people: Person[] = [];

  const sql = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
    (await db.query(text, params)).rows as T[];

  /** The latest partition assignment a matcher logged, or undefined before it joined. */
  const assignment = (matcher: AppProcess) => {
    const joins = matcher.lines(/joined fated-matcher: partitions ([\d, ]+|none)/);
    const last = joins.at(-1)?.[1];
    return last === undefined ? undefined : last === 'none' ? [] : last.split(', ').map(Number);
  };

  /** Event ids of a type that a matcher's consumer handed to its local handlers (after a point in its log). */
  const dispatched = (matcher: AppProcess, type: string, since = 0) =>
    [...matcher.logs.slice(since).matchAll(new RegExp(`dispatching ${type} ([0-9a-f-]{36})`, 'g'))].map(
      (match) => match[1]!,
    );

  const health = async (): Promise<any> => (await fetch(`${api}/health`)).json();

  const unprocessed = async (types: string[]) =>
    sql<{ id: string; type: string }>(
      `select o.id, o.type from outbox_message o
        where o.type = any($1)
          and not exists (select 1 from processed_event p where p.event_id = o.id and p.consumer = $2)`,
      [types, REFRESH_CONSUMER],
    );

  const staleVectors = async () =>
    sql<{ user_id: string }>(
      `select q.user_id from quiz_response q
         join profile p on p.user_id = q.user_id
         left join personality_vector v on v.user_id = q.user_id
        where v.user_id is null or v.updated_at < q.submitted_at or v.updated_at < p.updated_at`,
    );

  const processEnv = (dataDir: string, extra: Record<string, string> = {}) => ({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: database.url!,
    KAFKA_BROKERS: kafka.brokers,
    SMTP_URL: mail.url,
    MODELS_DIR: resolve(REPO_ROOT, '../shared/models'),
    EMBEDDING_MODEL: 'local/wordnet-wordpiece-static-256',
    JWT_ACCESS_SECRET: 'distributed-test-access-secret-0123456789abcdef',
    JWT_REFRESH_SECRET: 'distributed-test-refresh-secret-0123456789abcdef',
    AUTH_RATE_LIMIT: '10000',
    AUTH_EMAIL_RATE_LIMIT: '10000',
    // Never during the test: the schedule is not what this test is about.
    MATCH_CRON: '0 3 1 1 *',
    TZ: process.env.TZ ?? 'UTC',
    ...extra,
  });

  const startMatcher = (name: string) => {
    const dir = mkdtempSync(join(tmpdir(), `fated-${name}-`));
    dataDirs.push(dir);
    return new AppProcess(name, MATCHER, processEnv(dir, { LOG_LEVEL: 'debug' }), LOG_DIR);
  };

  async function signUp(n: number, gender: 'male' | 'female'): Promise<Person> {
    const client = new ApiClient(api);
    const email = `distributed${n}-${Date.now()}@example.com`;
    const password = 'correct horse battery';
    const registered = await client.post('/register', { name: `Person ${n}`, email, password });
    expect(registered.status).toBe(201);
    const id = registered.body.id as string;
    expect((await client.post('/register/verify', { id, name: `Person ${n}`, email })).status).toBeLessThan(
      300,
    );
    const link = verificationLinkIn(await mail.waitFor(email, undefined, 20_000));
    expect((await client.post('/verification', { id: link.id, emailToken: link.token })).status).toBe(201);
    const login = await client.post('/login', { email, password });
    expect(login.status).toBe(200);
    client.accessToken = login.body.accessToken;
    return { client, id, email, gender, partition: partitionOf(id) };
  }

  beforeAll(async () => {
    for (const script of [GATEWAY, MATCHER]) {
      if (!existsSync(script)) throw new Error(`${script} is missing: run \`npm run build:server\` first`);
    }
    [kafka, database, mail] = await Promise.all([startKafka(), createTestDatabase(), MailCatcher.start()]);
    db = new pg.Client({ connectionString: database.url });
    await db.connect();

    const port = await freePort();
    api = `http://127.0.0.1:${port}/api`;
    const gatewayDir = mkdtempSync(join(tmpdir(), 'fated-gateway-'));
    dataDirs.push(gatewayDir);
    // All three at once on an empty database: the migration runner and the topic creation must cope.
    gateway = new AppProcess(
      'gateway',
      GATEWAY,
      processEnv(gatewayDir, { PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` }),
      LOG_DIR,
    );
    matcherA = startMatcher('matcher-a');
    matcherB = startMatcher('matcher-b');

    await waitFor('the gateway to be ready with its consumer group joined', 90_000, async () => {
      if (!gateway.running) throw new Error(`gateway exited:\n${gateway.logs.slice(-3000)}`);
      const report = await health().catch(() => undefined);
      return report?.status === 'ok' &&
        /group fated-gateway, partitions/.test(report.components?.kafka?.detail ?? '')
        ? report
        : undefined;
    });
    // Both matchers in the group, the six partitions split between them.
    await waitFor('the matchers to split the partitions', 90_000, async () => {
      for (const matcher of [matcherA, matcherB]) {
        if (!matcher.running) throw new Error(`${matcher.name} exited:\n${matcher.logs.slice(-3000)}`);
      }
      const [a, b] = [assignment(matcherA), assignment(matcherB)];
      if (!a?.length || !b?.length) return undefined;
      const all = [...a, ...b].sort((x, y) => x - y);
      return JSON.stringify(all) === JSON.stringify(PARTITIONS) ? true : undefined;
    });
    partitionsOfA = assignment(matcherA)!;
  }, 240_000);

  afterAll(async () => {
    const stops = await Promise.allSettled(
      [gateway, gatewayB, matcherA, matcherB].filter(Boolean).map((app) => app!.stop()),
    );
    await db?.end().catch(() => undefined);
    await database?.drop().catch(() => undefined);
    await mail?.close().catch(() => undefined);
    await kafka?.stop().catch(() => undefined);
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    const killed = stops.filter((stop) => stop.status === 'fulfilled' && stop.value.killed);
    if (killed.length) console.warn(`${killed.length} process(es) needed SIGKILL after SIGTERM`);
  }, 60_000);

  it('reports Kafka (not the in-process bus) in the gateway health', async () => {
    const report = await health();
    expect(report.status).toBe('ok');
    expect(report.components.database.status).toBe('up');
    expect(report.components.kafka).toEqual({
      status: 'up',
      detail: 'fated.events (6 partitions); group fated-gateway, partitions 0,1,2,3,4,5',
    });
    expect(report.components.bus).toBeUndefined();
    // The gateway hosts no matcher work in this mode; the matchers say they run the schedule.
    expect(gateway.logs).not.toMatch(/DailyMatchScheduler/);
    for (const matcher of [matcherA, matcherB])
      expect(matcher.logs).toMatch(/daily matching at \\?"0 3 1 1 \*\\?"/);
    // Nor the embedding model: that lives in the matchers.
    expect(report.components.embeddings).toEqual({
      status: 'up',
      detail: 'local/wordnet-wordpiece-static-256 runs in the matcher processes',
    });
  });

  it('signs people up, and the matchers build every personality vector from the events, each event once', async () => {
    const genders: Array<'male' | 'female'> = ['female', 'female', 'female', 'male', 'male', 'male', 'male'];
    for (const [index, gender] of genders.entries()) people.push(await signUp(index + 1, gender));
    // Ids are random: a few more people until each matcher owns at least two of them, so both have work.
    const onA = () => people.filter((person) => partitionsOfA.includes(person.partition)).length;
    while (onA() < 2 || people.length - onA() < 2) {
      people.push(await signUp(people.length + 1, people.length % 2 ? 'female' : 'male'));
    }
    for (const [index, person] of people.entries()) {
      const preferredSex = person.gender === 'female' ? 'male' : 'female';
      const profile = await person.client.post('/user/setProfile', {
        id: person.id,
        city: 'Austin',
        state: 'TX',
        age: 25 + index,
        gender: person.gender,
        preferredSex,
        education: 'Computer Science',
        jobTitle: '',
        bio:
          index % 2
            ? 'Love is choosing each other every day.'
            : 'Love is laughing at the same jokes for decades.',
      });
      expect(profile.status).toBe(200);
      const quiz = await person.client.post('/match/generate', { id: person.id, answers: answers(index) });
      expect(quiz.status).toBeLessThan(300);
    }

    await waitFor('every personality vector', 60_000, async () =>
      (await staleVectors()).length === 0 ? true : undefined,
    );
    await waitFor('every quiz and profile event processed', 30_000, async () =>
      (await unprocessed(['QuizSubmitted', 'ProfileUpdated'])).length === 0 ? true : undefined,
    );
    expect(await sql(`select id from outbox_message where published_at is null`)).toEqual([]);

    // Each QuizSubmitted reached exactly one matcher (one consumer group), and both matchers had work.
    const events = await sql<{ id: string }>(`select id from outbox_message where type = 'QuizSubmitted'`);
    expect(events).toHaveLength(people.length);
    const byA = dispatched(matcherA, 'QuizSubmitted');
    const byB = dispatched(matcherB, 'QuizSubmitted');
    expect([...byA, ...byB].sort()).toEqual(events.map((event) => event.id).sort());
    expect(byA.length).toBeGreaterThan(0);
    expect(byB.length).toBeGreaterThan(0);
  });

  it('answers POST /api/match/new with a set, the same set on a second call, stored once', async () => {
    const [requester] = people;
    const men = people.filter((person) => person.gender === 'male').map((person) => person.id);
    const first = await requester!.client.post('/match/new', { userId: requester!.id });
    expect(first.status).toBe(200);
    for (const tier of ['best', 'medium', 'worst']) {
      expect(first.body[tier]).toMatchObject({
        name: expect.any(String),
        compatibility: { id: expect.any(String), percent: expect.any(Number), summary: expect.any(String) },
      });
      expect(men).toContain(first.body[tier].compatibility.id);
    }
    expect(first.body.best.compatibility.percent).toBeGreaterThanOrEqual(
      first.body.worst.compatibility.percent,
    );
    const again = await requester!.client.post('/match/new', { userId: requester!.id });
    expect(again.body).toEqual(first.body);
    expect(await sql(`select user_id from match_set where user_id = $1`, [requester!.id])).toHaveLength(1);
  });

  it("a block and a deletion reach the matchers over Kafka: a matcher's next set for the blocker leaves both out", async () => {
    const [requester] = people;
    const today = (await requester!.client.post('/match/new', { userId: requester!.id })).body;
    const blockedId: string = today.best.compatibility.id;
    const leaving = people.find((person) => person.id === today.worst.compatibility.id)!;
    const logMarks = [matcherA.logs.length, matcherB.logs.length];

    expect((await requester!.client.post('/block', { userId: blockedId })).status).toBe(201);
    const deleted = await leaving.client.request('DELETE', '/account', {
      json: { password: 'correct horse battery' },
    });
    expect(deleted.status).toBe(204);
    // AccountDeleted travels through Kafka to a matcher (which drops the person from its cached pool)…
    await waitFor('a matcher to receive AccountDeleted', 60_000, async () =>
      dispatched(matcherA, 'AccountDeleted', logMarks[0]).length +
        dispatched(matcherB, 'AccountDeleted', logMarks[1]).length >
      0
        ? true
        : undefined,
    );
    // …and its row leaves the outbox once relayed (nothing that names the person stays behind).
    await waitFor('the AccountDeleted row to be relayed and removed', 30_000, async () =>
      (await sql(`select id from outbox_message where aggregate_id = $1`, [leaving.id])).length === 0
        ? true
        : undefined,
    );

    // Tomorrow's request goes the way the daily schedule sends it: MatchRequested through the outbox to a matcher.
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    await sql(
      `insert into outbox_message (id, type, aggregate_id, payload, occurred_at) values (gen_random_uuid(), 'MatchRequested', $1, $2, now())`,
      [requester!.id, JSON.stringify({ day: tomorrow })],
    );
    const picks = await waitFor("the matcher's set for tomorrow", 60_000, async () => {
      const [set] = await sql(`select 1 from match_set where user_id = $1 and day = $2::date`, [
        requester!.id,
        tomorrow,
      ]);
      return set
        ? sql<{ candidate_id: string }>(
            `select candidate_id from match_pick where user_id = $1 and day = $2::date`,
            [requester!.id, tomorrow],
          )
        : undefined;
    });
    expect(picks.length).toBeGreaterThan(0);
    // The matcher announces the stored chunk (MatchSetsStored) and a matcher's summary pass writes its summaries.
    await waitFor('the summary pass on a matcher', 60_000, async () => {
      const [row] = await sql<{ n: number }>(
        `select count(*)::int as n from match_pick where user_id = $1 and day = $2::date and summary is null`,
        [requester!.id, tomorrow],
      );
      return row!.n === 0 ? true : undefined;
    });
    expect(picks.map((pick) => pick.candidate_id)).not.toContain(blockedId);
    expect(picks.map((pick) => pick.candidate_id)).not.toContain(leaving.id);
    people.splice(people.indexOf(leaving), 1);
  });

  it('relays an outbox row of a type no process has a class for, instead of dropping it', async () => {
    const marks = [matcherA.logs.length, matcherB.logs.length];
    const [{ id }] = await sql<{ id: string }>(
      `insert into outbox_message (id, type, aggregate_id, payload, occurred_at)
       values (gen_random_uuid(), 'FutureEvent', $1, '{"version": 2}', now()) returning id`,
      [people[0]!.id],
    );
    // It reaches Kafka: the matchers read it and say they have no handler for it.
    await waitFor('a matcher to read FutureEvent from Kafka', 60_000, async () =>
      [matcherA.logs.slice(marks[0]), matcherB.logs.slice(marks[1])].some((log) =>
        log.includes(`no handler class for FutureEvent here; skipping ${id}`),
      )
        ? true
        : undefined,
    );
  });

  it('parks a poison event as a dead letter (table and topic) and keeps its partition flowing', async () => {
    const user = people[0]!.id;
    const [{ id: poison }] = await sql<{ id: string }>(
      `insert into outbox_message (id, type, aggregate_id, payload, occurred_at)
       values (gen_random_uuid(), 'MatchRequested', $1, $2::jsonb, now()) returning id`,
      [user, JSON.stringify({ day: '2026-13-45', userIds: [user] })],
    );
    // Same key, so the same partition, right behind the poison one.
    const [{ id: healthy }] = await sql<{ id: string }>(
      `insert into outbox_message (id, type, aggregate_id, payload, occurred_at)
       values (gen_random_uuid(), 'MatchRequested', $1, $2::jsonb, now() + interval '1 millisecond') returning id`,
      [user, JSON.stringify({ day: '2026-11-19', userIds: [user] })],
    );
    await waitFor('the poison event to be parked', 90_000, async () =>
      (await sql(`select 1 from dead_letter where event_id = $1`, [poison])).length > 0 ? true : undefined,
    );
    const [letter] = await sql<{ consumer: string; attempts: number; error: string }>(
      `select consumer, attempts, error from dead_letter where event_id = $1`,
      [poison],
    );
    expect(letter).toMatchObject({ consumer: 'GenerateMatchesWhenMatchRequested', attempts: 4 });
    expect(letter!.error).toMatch(/out of range/);
    await waitFor('the event behind it to be handled', 60_000, async () =>
      (await sql(`select 1 from match_set where user_id = $1 and day = '2026-11-19'`, [user])).length > 0
        ? true
        : undefined,
    );
    expect(healthy).toBeDefined();
    // A copy went to the dead-letter topic for operators' tools.
    const admin = new Kafka({
      clientId: 'dlq-check',
      brokers: kafka.brokers.split(','),
      logLevel: logLevel.NOTHING,
    }).admin();
    await admin.connect();
    try {
      const offsets = await admin.fetchTopicOffsets('fated.events.dlq');
      expect(offsets.reduce((sum, partition) => sum + Number(partition.high), 0)).toBeGreaterThanOrEqual(1);
    } finally {
      await admin.disconnect();
    }
  });

  it("publishes what the CLI seeds to Kafka too: the matchers build the seeded people's vectors", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fated-cli-'));
    dataDirs.push(dir);
    const before = (await sql<{ n: string }>(`select count(*) as n from personality_vector`))[0]!.n;
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [CLI, 'seed', '--users', '4', '--verified', '--seed', '7'],
      {
        env: {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? '/tmp',
          NO_COLOR: '1',
          ...processEnv(dir),
        },
        timeout: 120_000,
      },
    );
    expect(stdout).toMatch(/4 created, 0 already there/);
    // The CLI hosts no consumers with KAFKA_BROKERS set: the vectors can only come from the matchers.
    await waitFor("the seeded people's vectors", 60_000, async () => {
      const [row] = await sql<{ n: string }>(`select count(*) as n from personality_vector`);
      return Number(row!.n) === Number(before) + 4 && (await staleVectors()).length === 0 ? true : undefined;
    });
    expect(await sql(`select id from outbox_message where published_at is null`)).toEqual([]);
  });

  it("splits a day's run between the matchers: Kafka gives each chunk of requests to one of them", async () => {
    const day = '2031-01-15';
    const marks = [matcherA.logs.length, matcherB.logs.length];
    const members = (
      await sql<{ user_id: string }>(`select user_id from matchable_member order by user_id`)
    ).map((row) => row.user_id);
    // As RequestDailyMatchesHandler records a day (keyed by each chunk's first member, so the chunks spread over
    // the partitions), in chunks of two here. Ids are random: each chunk is made of one matcher's members, so
    // that both matchers' partitions get some whichever ids this run has.
    const ofEach = [
      members.filter((id) => partitionsOfA.includes(partitionOf(id))),
      members.filter((id) => !partitionsOfA.includes(partitionOf(id))),
    ];
    expect(ofEach.map((side) => side.length > 0)).toEqual([true, true]);
    const requests: string[] = [];
    for (const side of ofEach) {
      for (let at = 0; at < side.length; at += 2) {
        const userIds = side.slice(at, at + 2);
        const [{ id }] = await sql<{ id: string }>(
          `insert into outbox_message (id, type, aggregate_id, payload, occurred_at)
           values (gen_random_uuid(), 'MatchRequested', $1, $2, now()) returning id`,
          [userIds[0], JSON.stringify({ day, userIds })],
        );
        requests.push(id);
      }
    }
    await waitFor("every matchable member's set for the day", 120_000, async () => {
      const [row] = await sql<{ n: number }>(
        `select count(*)::int as n from match_set where day = $1::date`,
        [day],
      );
      return row!.n === members.length ? true : undefined;
    });
    const [ofA, ofB] = [
      dispatched(matcherA, 'MatchRequested', marks[0]),
      dispatched(matcherB, 'MatchRequested', marks[1]),
    ].map((ids) => ids.filter((id) => requests.includes(id)));
    expect(ofA.length).toBeGreaterThan(0);
    expect(ofB.length).toBeGreaterThan(0);
    expect(new Set([...ofA, ...ofB])).toEqual(new Set(requests));
  });

  it('keeps processing when one matcher is killed mid-way: the other takes over its partitions', async () => {
    const before = await sql<{ id: string }>(`select id from outbox_message where type = 'QuizSubmitted'`);
    const ofA = people.filter((person) => partitionsOfA.includes(person.partition));
    const ofB = people.filter((person) => !partitionsOfA.includes(person.partition));
    const resubmit = (group: Person[], seed: number) =>
      Promise.all(
        group.map(async (person, index) => {
          const response = await person.client.post('/match/generate', {
            id: person.id,
            answers: answers(seed + index),
          });
          expect(response.status).toBeLessThan(300);
        }),
      );

    // Half of A's people answer again and A dies while their events are on the way to it (SIGKILL: no
    // shutdown hook, no leaving the group); then everyone else answers, the rest of A's people included.
    const half = Math.ceil(ofA.length / 2);
    await resubmit(ofA.slice(0, half), 11);
    await matcherA.crash();
    const bLogAtDeath = matcherB.logs.length;
    await resubmit([...ofA.slice(half), ...ofB], 17);

    // After the session timeout the group gives matcher A's partitions to matcher B.
    await waitFor('matcher B to own all six partitions', 60_000, async () =>
      JSON.stringify(assignment(matcherB)) === JSON.stringify(PARTITIONS) ? true : undefined,
    );
    await waitFor('every vector rebuilt from the new answers', 60_000, async () =>
      (await staleVectors()).length === 0 ? true : undefined,
    );
    expect(await unprocessed(['QuizSubmitted', 'ProfileUpdated'])).toEqual([]);

    const newEvents = (
      await sql<{ id: string }>(`select id from outbox_message where type = 'QuizSubmitted'`)
    )
      .map((event) => event.id)
      .filter((id) => !before.some((old) => old.id === id));
    expect(newEvents).toHaveLength(people.length);
    // Every new event was seen by a matcher; any that matcher A took but never committed came again to B.
    const seen = new Set([
      ...dispatched(matcherA, 'QuizSubmitted'),
      ...dispatched(matcherB, 'QuizSubmitted'),
    ]);
    for (const id of newEvents) expect(seen.has(id)).toBe(true);
    // What went to A's partitions after its death was handled by B.
    const afterDeath = await sql<{ id: string }>(
      `select id from outbox_message where type = 'QuizSubmitted' and aggregate_id = any($1) and id = any($2)`,
      [ofA.slice(half).map((person) => person.id), newEvents],
    );
    expect(afterDeath).toHaveLength(ofA.length - half);
    const byBSinceDeath = dispatched(matcherB, 'QuizSubmitted', bLogAtDeath);
    for (const { id } of afterDeath) expect(byBSinceDeath).toContain(id);
    // ProcessedEvents recorded each one once, whoever saw it twice.
    const marks = await sql<{ event_id: string; n: string }>(
      `select event_id, count(*) as n from processed_event where consumer = $1 and event_id = any($2) group by event_id`,
      [REFRESH_CONSUMER, newEvents],
    );
    expect(marks).toHaveLength(people.length);
    expect(marks.every((mark) => Number(mark.n) === 1)).toBe(true);

    // The gateway never noticed: still ready, and its requests still work.
    expect((await health()).status).toBe('ok');
    const second = people[1]!;
    const set = await second.client.post('/match/new', { userId: second.id });
    expect(set.status).toBe(200);
    expect(set.body.best.compatibility.id).toEqual(expect.any(String));
  });

  it('tells a member on one gateway what is sent through another: Socket.IO across gateways over PostgreSQL', async () => {
    // Two men looking for men: nobody else here is, so each is the other's one candidate.
    const one = await signUp(101, 'male');
    const other = await signUp(102, 'male');
    for (const [index, person] of [one, other].entries()) {
      const profile = await person.client.post('/user/setProfile', {
        id: person.id,
        city: 'Austin',
        state: 'TX',
        age: 30 + index,
        gender: 'male',
        preferredSex: 'male',
        education: '',
        jobTitle: '',
        bio: 'Love is a long walk after dinner.',
      });
      expect(profile.status).toBe(200);
      const quiz = await person.client.post('/match/generate', {
        id: person.id,
        answers: answers(20 + index),
      });
      expect(quiz.status).toBeLessThan(300);
    }
    await waitFor('their personality vectors', 60_000, async () =>
      (await staleVectors()).length === 0 ? true : undefined,
    );

    const port = await freePort();
    const apiB = `http://127.0.0.1:${port}/api`;
    const dir = mkdtempSync(join(tmpdir(), 'fated-gateway-b-'));
    dataDirs.push(dir);
    gatewayB = new AppProcess(
      'gateway-b',
      GATEWAY,
      processEnv(dir, { PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` }),
      LOG_DIR,
    );
    const second = gatewayB;
    await waitFor('gateway B to be ready', 90_000, async () => {
      if (!second.running) throw new Error(`gateway-b exited:\n${second.logs.slice(-3000)}`);
      const report: any = await fetch(`${apiB}/health`)
        .then((response) => response.json())
        .catch(() => undefined);
      return report?.status === 'ok' ? true : undefined;
    });
    // One member on each gateway: `one` on A (the suite's gateway), `other` on B.
    const onGatewayB = new ApiClient(apiB);
    onGatewayB.accessToken = other.client.accessToken;

    const sockets: Socket[] = [];
    /** A socket on the client's gateway, recording every event it is told. */
    const listen = async (client: ApiClient) => {
      const socket = io(client.baseUrl.replace(/\/api$/, ''), {
        path: '/api/socket.io',
        auth: { token: client.accessToken },
        transports: ['websocket'],
        reconnection: false,
      });
      sockets.push(socket);
      const events: { name: string; data: any }[] = [];
      socket.onAny((name: string, data: unknown) => events.push({ name, data }));
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      return events;
    };
    const told = (events: { name: string; data: any }[], name: string, match: (data: any) => boolean) =>
      waitFor(
        `the '${name}' event`,
        15_000,
        async () => events.find((e) => e.name === name && match(e.data)),
        50,
      );

    try {
      const onA = await listen(one.client);
      const onB = await listen(onGatewayB);

      // Gateway B (its pool loaded now, with both men in it) makes the set: the other man is in it.
      const set = await onGatewayB.post('/match/new', { userId: other.id });
      expect(set.status).toBe(200);
      expect(set.body.best.compatibility.id).toBe(one.id);

      // Interest through gateway B reaches its target's socket on gateway A.
      expect((await onGatewayB.post('/interest', { userId: one.id })).body).toEqual({
        interested: true,
        mutual: false,
      });
      expect((await told(onA, 'interest', (data) => data.userId === other.id)).data).toEqual({
        userId: other.id,
        name: 'Person 102',
      });

      // Mutual through gateway A: the member on gateway B is told of the connection, and so is the one on A.
      const mutual = await one.client.post('/interest', { userId: other.id });
      expect(mutual.body).toMatchObject({ interested: true, mutual: true });
      const connectionId = mutual.body.connectionId as string;
      expect((await told(onB, 'connection', (data) => data.id === connectionId)).data).toEqual({
        id: connectionId,
        userId: one.id,
        name: 'Person 101',
      });
      expect((await told(onA, 'connection', (data) => data.id === connectionId)).data).toEqual({
        id: connectionId,
        userId: other.id,
        name: 'Person 102',
      });

      // A message sent over HTTP through gateway B: the member on gateway A gets it, and the sender's socket on B.
      const sent = await onGatewayB.post(`/connections/${connectionId}/messages`, {
        text: 'Hello from gateway B',
      });
      expect(sent.status).toBe(201);
      const expected = { connectionId, ...sent.body };
      expect((await told(onA, 'message', (data) => data.id === sent.body.id)).data).toEqual(expected);
      expect((await told(onB, 'message', (data) => data.id === sent.body.id)).data).toEqual(expected);

      // And the answer through gateway A reaches the socket on gateway B.
      const reply = await one.client.post(`/connections/${connectionId}/messages`, {
        text: 'Hi from gateway A!',
      });
      expect(reply.status).toBe(201);
      expect((await told(onB, 'message', (data) => data.id === reply.body.id)).data).toEqual({
        connectionId,
        ...reply.body,
      });
      await told(onA, 'message', (data) => data.id === reply.body.id);
      // Each event once per socket, however many gateways carried it.
      for (const events of [onA, onB]) {
        expect(events.filter((e) => e.name === 'message').map((e) => e.data.id)).toEqual([
          sent.body.id,
          reply.body.id,
        ]);
        expect(events.filter((e) => e.name === 'connection')).toHaveLength(1);
      }

      // While the member on gateway B has a socket there, a message through A mails nobody. Once it closes,
      // gateway A learns so (it had found them online on B) and the next message mails them.
      const mailsBefore = mail.count(other.email);
      const newMessageMails = () => mail.count(other.email) - mailsBefore;
      const whileOnline = await one.client.post(`/connections/${connectionId}/messages`, { text: 'Online?' });
      await told(onB, 'message', (data) => data.id === whileOnline.body.id);
      expect(newMessageMails()).toBe(0);
      sockets[1]!.disconnect();
      await waitFor(
        'a new-message mail once the member left gateway B',
        15_000,
        async () => {
          await one.client.post(`/connections/${connectionId}/messages`, { text: 'Away now?' });
          return newMessageMails() > 0 ? true : undefined;
        },
        300,
      );
      const away = await mail.waitFor(other.email, (each) =>
        each.raw.includes('New message from Person 101'),
      );
      expect(away.raw).not.toContain('Away now?');

      // The limit of 30 messages a minute holds across gateways: 29 more, through A and B in turn, then no more
      // through either.
      const throughEither = [other.client, onGatewayB];
      for (let i = 0; i < 29; i++) {
        const more = await throughEither[i % 2]!.post(`/connections/${connectionId}/messages`, {
          text: `#${i}`,
        });
        expect(more.status).toBe(201);
      }
      for (const client of throughEither)
        expect(
          (await client.post(`/connections/${connectionId}/messages`, { text: 'too many' })).status,
        ).toBe(429);

      // A second sign-in of `one`, its socket on gateway B, logged out through gateway A: that socket closes
      // (SignedOut over Kafka, the socket reached through the adapter) and its token is refused on B.
      const elsewhere = new ApiClient(apiB);
      const signedIn = await elsewhere.post('/login', {
        email: one.email,
        password: 'correct horse battery',
      });
      expect(signedIn.status).toBe(200);
      elsewhere.accessToken = signedIn.body.accessToken;
      const elsewhereSocket = io(`http://127.0.0.1:${port}`, {
        path: '/api/socket.io',
        auth: { token: elsewhere.accessToken },
        transports: ['websocket'],
        reconnection: false,
      });
      sockets.push(elsewhereSocket);
      await new Promise<void>((resolve, reject) => {
        elsewhereSocket.once('connect', () => resolve());
        elsewhereSocket.once('connect_error', reject);
      });
      const throughA = new ApiClient(api);
      throughA.setCookie(REFRESH_COOKIE, elsewhere.cookie(REFRESH_COOKIE)!);
      expect((await throughA.get('/logout')).status).toBe(200);
      await waitFor('the signed-out socket on gateway B to close', 15_000, async () =>
        elsewhereSocket.connected ? undefined : true,
      );
      expect((await elsewhere.get('/connections')).status).toBe(401);
      expect(sockets[0]!.connected).toBe(true);
    } finally {
      for (const socket of sockets) socket.disconnect();
    }
    const { killed } = await gatewayB.stop();
    expect(killed).toBe(false);
    expect(gatewayB.logs).not.toMatch(/ERROR/);
  });

  it('never loaded the embedding model in the gateway, however many sets it computed', async () => {
    expect(gateway.logs).not.toMatch(/embedding model .* loaded/);
  });

  it('shuts the surviving processes down cleanly on SIGTERM', async () => {
    for (const app of [matcherB, gateway]) {
      const { seconds, killed } = await app.stop();
      expect(killed).toBe(false);
      expect(seconds).toBeLessThan(15);
    }
    expect(matcherB.logs).not.toMatch(/ERROR/);
  });
});
