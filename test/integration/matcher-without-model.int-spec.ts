import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MikroORM } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { AppConfig } from '../../libs/config/app-config.js';
import { HealthRegistry } from '../../libs/shared/health/health-registry.js';
import { MatcherModule } from '../../apps/matcher/matcher.module.js';
import { DailyMatchRun } from '../../libs/matching/daily-run/daily-match-run.js';
import { MatchSetRepository } from '../../libs/matching/storage/match-set.repository.js';
import { PickSummaries } from '../../libs/matching/summaries/pick-summaries.js';
import { compatibilityPercent } from '../../libs/matching/domain/compatibility.js';
import { createTestDatabase } from '../support/test-database.js';

/**
 * The separate matcher process (apps/matcher composition root) with no embedding model at all: it must
 * start, report the model as degraded (not down), and still match and write summaries from the answers.
 * Called the way the CLI calls it: services from the context, no HTTP.
 */
describe('matcher process without an embedding model', () => {
  let app: INestApplicationContext;
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  const dataDir = mkdtempSync(join(tmpdir(), 'fated-matcher-'));
  const emptyModels = mkdtempSync(join(tmpdir(), 'fated-no-models-'));
  let sql: (query: string, params?: unknown[]) => Promise<any[]>;

  beforeAll(async () => {
    database = await createTestDatabase();
    const config = AppConfig.fromEnvironment({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      MODELS_DIR: emptyModels,
      EMBEDDING_MODEL: 'local/wordnet-wordpiece-static-256',
      LOG_LEVEL: 'error',
      ...(database.url ? { DATABASE_URL: database.url } : {}),
    });
    app = await NestFactory.createApplicationContext(MatcherModule.forRoot(config), { logger: ['error'] });
    await app.init();
    const orm = app.get(MikroORM);
    sql = (query, params = []) =>
      (orm.em.fork() as SqlEntityManager).getConnection().execute(query, params, 'all');
  });

  afterAll(async () => {
    await app?.close();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(emptyModels, { recursive: true, force: true });
  });

  async function seed(
    name: string,
    gender: string,
    preferredSex: string,
    choices: number[],
    bio: string,
  ): Promise<string> {
    const id = randomUUID();
    await sql(
      `insert into app_user (id, name, email, password_hash, email_verified_at, referral_code, created_at)
       values (?, ?, ?, 'x', now(), ?, now())`,
      [id, name, `${id}@example.com`, id.slice(0, 8).toUpperCase()],
    );
    await sql(
      `insert into profile (user_id, city, state, age, gender, preferred_sex, education, job_title, bio, updated_at)
       values (?, 'Denver', 'CO', 30, ?, ?, '', '', ?, now())`,
      [id, gender, preferredSex, bio],
    );
    await sql(`insert into quiz_response (user_id, choices, submitted_at) values (?, ?::smallint[], now())`, [
      id,
      `{${choices.join(',')}}`,
    ]);
    // What the sign-up, profile and quiz events record in matching's read model (written directly, like the rest).
    await sql(
      `insert into match_member (user_id, name, email, verified, gender, preferred_sex, bio, profile_at, choices, quiz_at)
       values (?, ?, ?, true, ?, ?, ?, now(), ?::smallint[], now())`,
      [id, name, `${id}@example.com`, gender, preferredSex, bio, `{${choices.join(',')}}`],
    );
    return id;
  }

  it('reports the model degraded yet ready', async () => {
    const report = await app.get(HealthRegistry).report();
    expect(report.status).toBe('ok');
    expect(report.components.embeddings).toEqual({
      status: 'degraded',
      detail: expect.stringContaining('not found in MODELS_DIR'),
    });
  });

  it('catches up vectors, matches from the answers alone and summarises from them', async () => {
    const answers = Array.from({ length: 19 }, (_, i) => (i % 5) + 1);
    const near = answers.map((c, i) => (i < 3 ? 6 - c : c));
    const far = answers.map((c) => (c <= 2 ? 5 : 1));
    const robin = await seed('Robin Avery', 'female', 'male', answers, 'Love is kindness and long talks.');
    const sam = await seed('Sam Lee', 'male', 'female', near, 'Kindness, patience and coffee.');
    const alex = await seed('Alex Kim', 'male', 'female', far, '');

    const run = app.get(DailyMatchRun);
    const report = await run.run('2026-12-24');
    expect(report).toMatchObject({
      day: '2026-12-24',
      users: 3,
      sets: 3,
      empty: 0,
      existing: 0,
      refreshed: 3,
    });
    const vectors = await sql(`select embedding_model, bio_embedding from personality_vector`);
    expect(vectors).toHaveLength(3);
    for (const vector of vectors)
      expect([vector.embedding_model, vector.bio_embedding]).toEqual([null, null]);

    // The matcher serves no requests (the gateway does); the summaries are written from stored data when
    // a card is first read, as PickSummaries does for a gateway.
    const em = app.get(MikroORM).em.fork();
    await app.get(PickSummaries).fill(em, robin, '2026-12-24');
    const stored = await app.get(MatchSetRepository).picksOf(em, robin, '2026-12-24');
    const set = Object.fromEntries(
      stored.map((pick) => [
        pick.tier,
        { compatibility: { id: pick.candidateId, percent: pick.percent, summary: pick.summary } },
      ]),
    );
    expect(Object.keys(set).sort()).toEqual(['best', 'worst']);
    expect(set.best!.compatibility).toMatchObject({ id: sam, percent: compatibilityPercent(answers, near) });
    expect(set.worst!.compatibility).toMatchObject({ id: alex, percent: compatibilityPercent(answers, far) });
    expect(set.best!.compatibility.summary).toContain(
      'You and Sam gave the same answer on 17 of 19 questions',
    );
    expect(set.best!.compatibility.summary).toContain('you both talk about “kindness”');
    expect(set.worst!.compatibility.summary).toContain('You and Alex never picked the very same answer');
    // The men see Robin the same day: one mutual match, not a repeat.
    const picks = await sql(`select user_id, candidate_id from match_pick where candidate_id = ?`, [robin]);
    expect(picks.map((pick) => pick.user_id).sort()).toEqual([sam, alex].sort());
  });
});
