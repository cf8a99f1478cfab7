import { MikroORM } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { jest } from '@jest/globals';
import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { AppConfig } from '../../libs/config/app-config.js';
import { createGatewayApp } from '../../apps/gateway/create-gateway-app.js';
import { OutboxRelay } from '../../libs/messaging/outbox-relay.js';
import { withCliContext, type CliContext } from '../../cli/context/cli-context.js';
import { listDeadLettersAction, replayDeadLetterAction } from '../../cli/actions/events.action.js';
import { seedAction } from '../../cli/actions/seed.action.js';
import { DEFAULT_SEED_PASSWORD } from '../../cli/seed/seed-password.js';
import { bufferOutput } from '../../cli/ui/output.js';
import { SHARED_MODELS_DIR, TEST_MODEL } from '../support/test-app.js';
import { createTestDatabase } from '../support/test-database.js';

jest.setTimeout(120_000);

/** Issue 9, poison events: retried, parked with the error without stopping the stream, listed and replayed. */
describe('dead letters', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'fated-dead-letters-'));
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let env: NodeJS.ProcessEnv;
  const cli = <T>(work: (context: CliContext) => Promise<T>) =>
    withCliContext({ env, logLevel: 'error' }, work);

  beforeAll(async () => {
    database = await createTestDatabase();
    env = {
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      MODELS_DIR: SHARED_MODELS_DIR,
      EMBEDDING_MODEL: TEST_MODEL,
      LOG_LEVEL: 'error',
      TZ: 'UTC',
      ...(database.url ? { DATABASE_URL: database.url } : {}),
    };
  });
  afterAll(async () => {
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('parks an event its consumer keeps failing on, keeps the rest flowing, lists and replays it', async () => {
    await cli((context) =>
      seedAction(
        context,
        { users: 4, verified: true, seed: 3, avatars: false, bulk: false, password: DEFAULT_SEED_PASSWORD },
        bufferOutput(),
      ),
    );
    const poisonId = randomUUID();
    const app = await createGatewayApp(AppConfig.fromEnvironment({ ...env, PORT: '0' }));
    await app.listen(0, '127.0.0.1');
    const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) =>
      (app.get(MikroORM).em.fork() as SqlEntityManager)
        .getConnection()
        .execute(query, params, 'all') as Promise<T[]>;
    let userId: string;
    try {
      [{ id: userId }] = await sql<{ id: string }>(`select id from app_user order by created_at limit 1`);
      // A request for a day that does not exist: the consumer's query fails on every try.
      await sql(
        `insert into outbox_message (id, type, aggregate_id, payload, occurred_at)
         values (?, 'MatchRequested', ?, ?::jsonb, now())`,
        [poisonId, userId, JSON.stringify({ day: '2026-13-45', userIds: [userId] })],
      );
      // A healthy event behind it still reaches its consumer.
      const healthyId = randomUUID();
      await sql(
        `insert into outbox_message (id, type, aggregate_id, payload, occurred_at)
         values (?, 'MatchRequested', ?, ?::jsonb, now())`,
        [healthyId, userId, JSON.stringify({ day: '2026-11-20', userIds: [userId] })],
      );
      await app.get(OutboxRelay).drain();
      const deadline = Date.now() + 60_000;
      while ((await sql(`select 1 from dead_letter`)).length === 0 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 250));
      expect(
        await sql(`select 1 from match_set where user_id = ? and day = '2026-11-20'`, [userId]),
      ).toHaveLength(1);
      // Nothing waits behind the poison: the healthy chunk's own events (recorded as it ends) are relayed too.
      const relayedBy = Date.now() + 10_000;
      while (
        (await sql(`select 1 from outbox_message where published_at is null`)).length > 0 &&
        Date.now() < relayedBy
      )
        await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await sql(`select 1 from outbox_message where published_at is null`)).toHaveLength(0);
      const port = (app.getHttpServer().address() as AddressInfo).port;
      const health = (await (await fetch(`http://127.0.0.1:${port}/api/health`)).json()) as {
        status: string;
        components: Record<string, { status: string; detail?: string }>;
      };
      expect(health.status).toBe('ok');
      expect(health.components.deadLetters).toEqual({
        status: 'degraded',
        detail: '1 parked; see fated events dead-letters',
      });
    } finally {
      await app.close();
    }

    const out = bufferOutput();
    const [letter, ...others] = await cli((context) => listDeadLettersAction(context, {}, out));
    expect(others).toHaveLength(0);
    expect(letter).toMatchObject({
      consumer: 'GenerateMatchesWhenMatchRequested',
      attempts: 4,
      envelope: { eventId: poisonId, type: 'MatchRequested', aggregateId: userId! },
    });
    expect(letter!.error).toMatch(/date/i);
    expect(out.text()).toContain(letter!.id);
    expect(out.text()).toContain('GenerateMatchesWhenMatchRequested');

    // Replaying it unchanged fails again: it stays parked, with one more attempt counted.
    await expect(
      cli((context) => replayDeadLetterAction(context, { id: letter!.id }, bufferOutput())),
    ).rejects.toThrow(/failed again/);
    const [again] = await cli((context) => listDeadLettersAction(context, { json: true }, bufferOutput()));
    expect(again).toMatchObject({ id: letter!.id, attempts: 5 });

    // Once the cause is fixed (here the payload itself), a replay runs the consumer and the letter goes.
    await cli(async (context) => {
      await (context.app.get(MikroORM).em.fork() as SqlEntityManager)
        .getConnection()
        .execute(
          `update dead_letter set payload = jsonb_set(payload, '{day}', '"2026-11-21"') where id = ?`,
          [letter!.id],
        );
    });
    const replayed = bufferOutput();
    await cli((context) => replayDeadLetterAction(context, { id: letter!.id }, replayed));
    expect(replayed.text()).toMatch(/dead letter removed/);
    await cli(async (context) => {
      const connection = (context.app.get(MikroORM).em.fork() as SqlEntityManager).getConnection();
      expect(await connection.execute(`select 1 from dead_letter`)).toHaveLength(0);
      expect(
        await connection.execute(`select 1 from match_set where user_id = ? and day = '2026-11-21'`, [
          userId!,
        ]),
      ).toHaveLength(1);
    });
    const empty = bufferOutput();
    await cli((context) => listDeadLettersAction(context, {}, empty));
    expect(empty.text()).toContain('No dead letters.');
    await expect(
      cli((context) => replayDeadLetterAction(context, { id: randomUUID() }, bufferOutput())),
    ).rejects.toThrow(/No dead letter/);
  });
});
