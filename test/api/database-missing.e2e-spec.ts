import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { AppConfig } from '../../libs/config/app-config.js';
import { createGatewayApp } from '../../apps/gateway/create-gateway-app.js';
import { withCliContext } from '../../cli/context/cli-context.js';
import { statsAction } from '../../cli/actions/stats.action.js';
import { ExitCode } from '../../cli/ui/cli-error.js';
import { bufferOutput } from '../../cli/ui/output.js';
import { StartupError } from '../../libs/shared/startup-error.js';
import { SHARED_MODELS_DIR, TEST_MODEL } from '../support/test-app.js';

/** The server of DATABASE_URL (as backup.e2e-spec.ts, PostgreSQL on this machine without it). */
const POSTGRES = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/**
 * A DATABASE_URL naming a database that does not exist (a typo, a database dropped by mistake) is refused by
 * the CLI and the gateway alike, as an unreachable one is; it is never created and migrated as a new, empty
 * database that would look like an installation without members.
 */
describe('a DATABASE_URL naming a database that does not exist', () => {
  const name = `fated_missing_${randomBytes(5).toString('hex')}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'fated-missing-db-'));
  const url = new URL(POSTGRES);
  url.pathname = `/${name}`;
  const env: NodeJS.ProcessEnv = {
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: url.toString(),
    MODELS_DIR: SHARED_MODELS_DIR,
    EMBEDDING_MODEL: TEST_MODEL,
    LOG_LEVEL: 'error',
    TZ: 'UTC',
  };

  async function onServer<T>(work: (admin: pg.Client) => Promise<T>): Promise<T> {
    const admin = new pg.Client({ connectionString: POSTGRES });
    await admin.connect();
    try {
      return await work(admin);
    } finally {
      await admin.end();
    }
  }
  const exists = () =>
    onServer(
      async (admin) =>
        (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1,
    );

  afterAll(async () => {
    // Should a change bring the creation back, the test leaves no database behind.
    await onServer((admin) => admin.query(`drop database if exists ${name} with (force)`));
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('the gateway refuses to start and says why; no database appears', async () => {
    const app = await createGatewayApp(AppConfig.fromEnvironment({ ...env, PORT: '0' }));
    try {
      await expect(app.init()).rejects.toThrow(
        `the database "${name}" does not exist: check DATABASE_URL, or create it (createdb ${name}); it is never created on start`,
      );
    } finally {
      await app.close().catch(() => undefined);
    }
    expect(await exists()).toBe(false);
  });

  it('the CLI stops with exit code 4 and says so; no database appears', async () => {
    const failure = await withCliContext({ env, logLevel: 'error' }, (context) =>
      statsAction(context, {}, bufferOutput()),
    ).catch((error: unknown) => error);
    expect(failure).toMatchObject({
      exitCode: ExitCode.database,
      message: expect.stringContaining(`the database "${name}" does not exist: check DATABASE_URL`),
    });
    expect(await exists()).toBe(false);
  });
});

describe('a DATABASE_URL that cannot be reached', () => {
  it('the gateway refuses to start in one line naming the database, never its password', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'fated-unreachable-db-'));
    // A port nothing listens on: the connection is refused at once.
    const config = AppConfig.fromEnvironment({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      DATABASE_URL: 'postgres://fated:s3cret@127.0.0.1:1/fated',
      MODELS_DIR: SHARED_MODELS_DIR,
      EMBEDDING_MODEL: TEST_MODEL,
      LOG_LEVEL: 'error',
      PORT: '0',
    });
    const app = await createGatewayApp(config);
    try {
      const failure = (await app.init().catch((error: unknown) => error)) as Error;
      expect(failure).toBeInstanceOf(StartupError);
      expect(failure.message).toMatch(
        /^could not reach the database \(PostgreSQL 127\.0\.0\.1:1\/fated\): .*ECONNREFUSED/,
      );
      expect(failure.message).not.toContain('s3cret');
    } finally {
      await app.close().catch(() => undefined);
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
