import { rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { MikroORM } from '@mikro-orm/core';
import pg from 'pg';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { DailyMatchRun } from '../../libs/matching/daily-run/daily-match-run.js';
import { addDays, calendarDay } from '../../libs/matching/domain/calendar-day.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { HealthRegistry } from '../../libs/shared/health/health-registry.js';

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

/** Prometheus text → samples: family name, labels and value. */
function samples(text: string): { name: string; labels: Record<string, string>; value: number }[] {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)/.exec(line)!;
      const labels: Record<string, string> = {};
      for (const [, key, value] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g))
        labels[key!] = value!;
      return { name: match[1]!, labels, value: Number(match[3]) };
    });
}

/** GET /api/metrics, the request id on every answer and in the log, live and ready. PGlite, or PostgreSQL with DATABASE_URL. */
describe('observability', () => {
  let t: TestApp;
  const lines: string[] = [];
  const logged = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);

  beforeAll(async () => {
    t = await startTestApp(
      { LOG_LEVEL: 'log' },
      { logStream: { write: (line: string) => void lines.push(line) } },
    );
  });
  afterAll(() => t.close());

  it('serves Prometheus metrics on loopback: process defaults, requests by route template, the daily run', async () => {
    const { client, id } = await t.signUp();
    await client.get(`/user/getProfile/${id}`);
    await client.get(`/user/getProfile/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}`);
    await client.get(`/no-such-route/${id}`);
    // Bodies refused before any route saw them: malformed JSON, and text where JSON is taken.
    for (const [type, body] of [
      ['application/json', '{"id":'],
      ['text/plain', 'hello'],
    ])
      expect(
        (await fetch(`${t.baseUrl}/api/login`, { method: 'POST', headers: { 'content-type': type }, body }))
          .status,
      ).toBeGreaterThanOrEqual(400);
    await t.app.get(DailyMatchRun).run(addDays(calendarDay(new Date(), t.config.timeZone), 3));

    const response = await fetch(`${t.baseUrl}/api/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const all = samples(await response.text());
    const names = new Set(all.map((sample) => sample.name));
    for (const name of [
      'process_cpu_user_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_seconds',
      'fated_http_request_duration_seconds_bucket',
      'fated_daily_run_duration_seconds_count',
      'fated_match_generation_phase_seconds_count',
      'fated_daily_run_last_success_timestamp_seconds',
      'fated_match_sets_written_total',
      'fated_match_members_scored_total',
      'fated_outbox_pending',
      'fated_outbox_oldest_age_seconds',
      'fated_dead_letters',
      'fated_events_handled_total',
      'fated_mails_sent_total',
      'fated_sockets_connected',
      'fated_messages_sent_total',
    ])
      expect(names).toContain(name);

    const requests = all.filter((sample) => sample.name === 'fated_http_request_duration_seconds_count');
    const count = (route: string, status: string) =>
      requests.find((sample) => sample.labels.route === route && sample.labels.status === status)?.value ?? 0;
    expect(count('/api/register', '2xx')).toBeGreaterThanOrEqual(1);
    expect(count('/api/login', '2xx')).toBeGreaterThanOrEqual(1);
    // Their own profile is not set yet, the other id is nobody's: both 404, one template.
    expect(count('/api/user/getProfile/:id', '4xx')).toBe(2);
    expect(count('unmatched', '4xx')).toBe(1);
    expect(count('refused body', '4xx')).toBe(2);
    // Bounded labels: no id, no raw path anywhere.
    for (const sample of all)
      for (const value of Object.values(sample.labels)) expect(value).not.toMatch(UUID);
    expect(requests.every((sample) => /^[1-5]xx$/.test(sample.labels.status!))).toBe(true);

    const phases = (family: string) =>
      all.filter((sample) => sample.name === family).map((sample) => sample.labels.phase);
    expect(phases('fated_daily_run_duration_seconds_count').sort()).toEqual([
      'generate',
      'load',
      'total',
      'vectors',
    ]);
    expect(phases('fated_match_generation_phase_seconds_count').sort()).toEqual(['read', 'score', 'write']);
    const lastSuccess = all.find(
      (sample) => sample.name === 'fated_daily_run_last_success_timestamp_seconds',
    )!;
    expect(Math.abs(lastSuccess.value - Date.now() / 1000)).toBeLessThan(60);
    // Read from the shared table: a day another process (a matcher, the CLI) requested in full counts too.
    const later = Math.round(Date.now() / 1000) + 3600;
    await (t.app.get(MikroORM).em.fork() as SqlEntityManager)
      .getConnection()
      .execute(
        `insert into daily_match_run (day, requested_at, requested_users) values ('2099-01-01', to_timestamp(?), 5)`,
        [later],
      );
    const again = samples(await (await fetch(`${t.baseUrl}/api/metrics`)).text());
    expect(
      again.find((sample) => sample.name === 'fated_daily_run_last_success_timestamp_seconds')!.value,
    ).toBe(later);
    // Sign-up mailed the verification link; its events reached the embedded matcher's consumers.
    expect(all.find((sample) => sample.name === 'fated_mails_sent_total')!.value).toBeGreaterThanOrEqual(1);
    expect(
      all.some(
        (sample) =>
          sample.name === 'fated_events_handled_total' &&
          sample.labels.event === 'UserRegistered' &&
          sample.value >= 1,
      ),
    ).toBe(true);
  });

  it('names every request: a well-formed X-Request-Id is kept, anything else replaced', async () => {
    const kept = await fetch(`${t.baseUrl}/api/health/live`, { headers: { 'x-request-id': 'trace-42.a_b' } });
    expect(kept.headers.get('x-request-id')).toBe('trace-42.a_b');
    const junk = await fetch(`${t.baseUrl}/api/health/live`, { headers: { 'x-request-id': 'a b<script>' } });
    expect(junk.headers.get('x-request-id')).toMatch(UUID);
    const long = await fetch(`${t.baseUrl}/api/health/live`, { headers: { 'x-request-id': 'x'.repeat(65) } });
    expect(long.headers.get('x-request-id')).toMatch(UUID);
    const none = await fetch(`${t.baseUrl}/api/health`);
    expect(none.headers.get('x-request-id')).toMatch(UUID);
  });

  it('logs no health probe or scrape, with or without a trailing slash', async () => {
    // (Another letter case of `/api` is a page of the SPA, when it is built, not a probe.)
    const paths = ['/api/health', '/api/health/live/', '/api/health/ready/', '/api/metrics/', '/api/Metrics'];
    for (const path of paths) {
      const answer = await fetch(`${t.baseUrl}${path}`, { headers: { 'x-request-id': 'quiet-probe' } });
      expect(answer.status).toBe(200);
    }
    await fetch(`${t.baseUrl}/api/quiz/questions`, { headers: { 'x-request-id': 'loud-after-probes' } });
    await waitFor(() => logged().some((line) => line.requestId === 'loud-after-probes'));
    expect(logged().filter((line) => line.requestId === 'quiet-probe')).toEqual([]);
  });

  it('logs an upload its client hung up on as such, not as a success and an error', async () => {
    const { client, id } = await t.signUp();
    const boundary = 'fated-boundary';
    const head =
      `--${boundary}\r\ncontent-disposition: form-data; name="id"\r\n\r\n${id}\r\n` +
      `--${boundary}\r\ncontent-disposition: form-data; name="avatar"; filename="a.jpg"\r\n` +
      'content-type: image/jpeg\r\n\r\n';
    const socket = connect(Number(new URL(t.baseUrl).port), '127.0.0.1');
    await new Promise((connected) => socket.once('connect', connected));
    socket.write(
      `POST /api/image/upload HTTP/1.1\r\nhost: localhost\r\nauthorization: Bearer ${client.accessToken}\r\n` +
        `x-request-id: hung-up-upload\r\ncontent-type: multipart/form-data; boundary=${boundary}\r\n` +
        `content-length: 1000000\r\n\r\n${head}${'x'.repeat(1000)}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    socket.destroy();
    await waitFor(() => logged().some((line) => line.requestId === 'hung-up-upload'));
    await new Promise((resolve) => setTimeout(resolve, 200));
    const ofIt = logged().filter((line) => line.requestId === 'hung-up-upload');
    expect(ofIt).toEqual([
      expect.objectContaining({ status: 499, msg: 'client closed the request', route: '/api/image/upload' }),
    ]);
  });

  it('logs one JSON line per request, and follows its id through the outbox to the consumers', async () => {
    const email = `traced-${Date.now()}@example.com`;
    const password = 'correct horse battery staple';
    const client = t.client();
    const registered = await client.request('POST', '/register', {
      json: { name: 'Traced Person', email, password },
      headers: { 'x-request-id': 'signup-trace-1' },
    });
    expect(registered.status).toBe(201);
    const login = await client.request('POST', '/login', {
      json: { email, password },
      headers: { 'x-request-id': 'login-trace-1' },
    });
    const userId = registered.body.id as string;
    const token = login.body.accessToken as string;
    await client.request('GET', `/user/getProfile/${userId}`, {
      token,
      headers: { 'x-request-id': 'profile-trace-1' },
    });

    // The event the sign-up recorded keeps its request id in the outbox row…
    const em = t.app.get(MikroORM).em.fork() as SqlEntityManager;
    const rows = await em
      .getConnection()
      .execute(`select request_id from outbox_message where type = 'UserRegistered' and aggregate_id = ?`, [
        userId,
      ]);
    expect(rows).toEqual([{ request_id: 'signup-trace-1' }]);
    // …and the consumer that handled it says so in its own line.
    await waitFor(() =>
      logged().some(
        (line) => line.requestId === 'signup-trace-1' && String(line.msg).includes('handled UserRegistered'),
      ),
    );

    const requestLine = logged().find((line) => line.requestId === 'profile-trace-1' && line.route);
    expect(requestLine).toMatchObject({
      level: 30,
      method: 'GET',
      route: '/api/user/getProfile/:id',
      status: 404,
      userId,
      msg: 'request completed',
    });
    expect(typeof requestLine!.durationMs).toBe('number');
    expect(logged().find((line) => line.requestId === 'signup-trace-1' && line.route)).toMatchObject({
      route: '/api/register',
      status: 201,
    });
    // Never an address, a password, a token or a cookie.
    const everything = lines.join('\n');
    expect(everything).not.toContain(email);
    expect(everything).not.toContain(password);
    expect(everything).not.toContain(token);
    expect(everything).not.toMatch(/refresh_token|Bearer /i);
  });

  it('answers live and ready; the embedding model is loading until used and never blocks readiness', async () => {
    expect((await t.client().get('/health/live')).body).toEqual({ status: 'ok' });
    const ready = await t.client().get('/health/ready');
    expect(ready.status).toBe(200);
    expect(['ok', 'degraded']).toContain(ready.body.status);
    expect(ready.body.details).toMatchObject({
      database: { status: 'up' },
      bus: { status: 'up' },
      migrations: { status: 'up' },
    });
    expect(['up', 'degraded']).toContain(ready.body.details.embeddings.status);
    // Today's report is still there.
    expect((await t.client().get('/health')).body).toMatchObject({
      status: 'ok',
      components: { database: {} },
    });
  });

  it('reports a component that does not answer within 3 s as down, on the report as on readiness', async () => {
    t.app.get(HealthRegistry).register({ name: 'hung', critical: true, check: () => new Promise(() => {}) });
    for (const path of ['/health', '/health/ready']) {
      const started = Date.now();
      const answer = await t.client().get(path);
      expect(Date.now() - started).toBeLessThan(6_000);
      expect(answer.status).toBe(503);
      const components = path === '/health' ? answer.body.components : answer.body.details;
      expect(components.hung).toMatchObject({ status: 'down', detail: 'timed out' });
      expect(components.database).toMatchObject({ status: 'up' });
    }
  });

  it('is not ready once the database is gone, and still live', async () => {
    await stopDatabase(t);
    const ready = await t.client().get('/health/ready');
    expect(ready.status).toBe(503);
    expect(ready.body.status).toBe('error');
    expect(ready.body.details).toMatchObject({
      database: { status: 'down', detail: 'check failed' },
      migrations: { status: 'down', detail: 'check failed' },
    });
    expect((await t.client().get('/health/live')).status).toBe(200);
  });
});

/** PostgreSQL: the app's database is dropped. PGlite: closed, and its folder replaced by a file it cannot open. */
async function stopDatabase(t: TestApp): Promise<void> {
  const { database } = t.config;
  if (database.kind === 'postgres') {
    const name = new URL(database.url).pathname.slice(1);
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    return;
  }
  await t.app.get(MikroORM).close(true);
  rmSync(database.dir, { recursive: true, force: true });
  writeFileSync(database.dir, 'not a database');
}

async function waitFor(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
