import { MikroORM } from '@mikro-orm/core';
import { PreparedStatement } from '../../libs/persistence/prepared-statement.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const describeOnPostgres = process.env.DATABASE_URL ? describe : describe.skip;

const planCacheMode = new PreparedStatement<{ mode: string }>(
  'spec-plan-cache-mode',
  `select current_setting('plan_cache_mode') as mode where ?::int = 1`,
);

describeOnPostgres("the gateway's PostgreSQL sessions", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  }, 120_000);
  afterAll(() => t?.close());

  it('run prepared reads with generic plans (no planning per execution)', async () => {
    const em = t.app.get(MikroORM).em.fork();
    // Several pooled connections, each with its own session.
    const modes = await Promise.all(Array.from({ length: 5 }, () => planCacheMode.rows(em, [1])));
    expect(modes.flat().map((row) => row.mode)).toEqual(Array(5).fill('force_generic_plan'));
  });
});
