import 'reflect-metadata';
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { AppConfig } from '../../libs/config/app-config.js';
import { Readiness } from '../../libs/shared/health/readiness.js';
import { Metrics } from '../../libs/shared/observability/metrics.js';
import { DailyMatchRun } from '../../libs/matching/daily-run/daily-match-run.js';
import { MatcherModule } from '../../apps/matcher/matcher.module.js';
import { serveMatcherMetrics, stopServing } from '../../apps/matcher/metrics-server.js';
import { createTestDatabase } from '../support/test-database.js';

/** A matcher has no HTTP API: its own small server answers /metrics and /health/* on METRICS_PORT. */
describe('matcher metrics and health server', () => {
  let app: INestApplicationContext;
  let server: Server;
  let base: string;
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  const dataDir = mkdtempSync(join(tmpdir(), 'fated-matcher-metrics-'));

  beforeAll(async () => {
    database = await createTestDatabase();
    const config = AppConfig.fromEnvironment({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      METRICS_PORT: '0',
      LOG_LEVEL: 'error',
      ...(database.url ? { DATABASE_URL: database.url } : {}),
    });
    app = await NestFactory.createApplicationContext(MatcherModule.forRoot(config), { logger: ['error'] });
    await app.init();
    const served = await serveMatcherMetrics(config, app.get(Metrics), app.get(Readiness));
    server = served.server;
    base = `http://127.0.0.1:${served.port}`;
  });

  afterAll(async () => {
    if (server?.listening) server.close();
    await app?.close();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves the daily run and consumer families', async () => {
    await app.get(DailyMatchRun).run();
    const response = await fetch(`${base}/metrics`);
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toMatch(/^fated_daily_run_duration_seconds_count\{phase="total"\} 1$/m);
    expect(text).toMatch(/^fated_outbox_pending \d+$/m);
    expect(text).toMatch(/^process_cpu_user_seconds_total /m);
    // The gateway's families are registered here too, and simply stay empty.
    expect(text).toContain('# TYPE fated_http_request_duration_seconds histogram');
  });

  it("answers live and ready, readiness as the gateway's (an extra not up is degraded, never 503)", async () => {
    expect((await fetch(`${base}/health/live`)).status).toBe(200);
    const ready = await fetch(`${base}/health/ready`);
    expect(ready.status).toBe(200);
    const body = (await ready.json()) as { status: string; details: Record<string, { status: string }> };
    expect(['ok', 'degraded']).toContain(body.status);
    expect(body.details).toMatchObject({
      database: { status: 'up' },
      bus: { status: 'up' },
      migrations: { status: 'up' },
    });
    // The embedding model loads on first use: an extra, shown with its own state.
    expect(body.details.embeddings).toMatchObject({ status: expect.stringMatching(/^(up|degraded)$/) });
    expect((await fetch(`${base}/nothing`)).status).toBe(404);
  });

  it('stops serving at once, closing a connection that never sent a request', async () => {
    const silent = connect(Number(new URL(base).port), '127.0.0.1');
    await new Promise((connected) => silent.once('connect', connected));
    const closed = new Promise((done) => silent.once('close', done));
    const stopped = new Promise((done) => server.once('close', done));
    stopServing(server);
    await Promise.all([closed, stopped]);
    expect(server.listening).toBe(false);
  });
});
