import 'reflect-metadata';
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { AppConfig } from '../../libs/config/app-config.js';
import { createGatewayApp } from '../../apps/gateway/create-gateway-app.js';
import { withCliContext } from '../../cli/context/cli-context.js';
import { seedAction } from '../../cli/actions/seed.action.js';
import { dumpAction, restoreAction } from '../../cli/actions/db-backup.action.js';
import { generateSeedUser } from '../../cli/seed/seed-user-generator.js';
import { DEFAULT_SEED_PASSWORD } from '../../cli/seed/seed-password.js';
import { CliError, ExitCode } from '../../cli/ui/cli-error.js';
import { bufferOutput } from '../../cli/ui/output.js';
import { ApiClient } from '../support/api-client.js';
import { SHARED_MODELS_DIR, TEST_MODEL } from '../support/test-app.js';

/**
 * Issue 24, "Backups": `fated db dump` of the embedded database, restored with `fated db restore` into a new
 * DATA_DIR and with psql into PostgreSQL; the app runs on both and the seeded members sign in and get their set.
 * The source is always PGlite (the dump is the embedded default's); the PostgreSQL target is DATABASE_URL's
 * server when set, else the local one.
 */
const POSTGRES = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SEED = 5;
const USERS = 8;

const envFor = (dataDir: string, databaseUrl?: string): NodeJS.ProcessEnv => ({
  NODE_ENV: 'test',
  DATA_DIR: dataDir,
  MODELS_DIR: SHARED_MODELS_DIR,
  EMBEDDING_MODEL: TEST_MODEL,
  LOG_LEVEL: 'error',
  TZ: process.env.TZ ?? 'UTC',
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
});

/** The gateway on that environment: a seeded member signs in and gets a set of the day with picks. */
async function seededMemberSignsIn(env: NodeJS.ProcessEnv): Promise<void> {
  const app = await createGatewayApp(AppConfig.fromEnvironment({ ...env, PORT: '0' }));
  await app.listen(0, '127.0.0.1');
  try {
    const client = new ApiClient(
      `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}/api`,
    );
    const member = generateSeedUser(SEED, 0, { allVerified: true });
    const login = await client.post('/login', { email: member.email, password: DEFAULT_SEED_PASSWORD });
    expect(login.status).toBe(200);
    client.accessToken = login.body.accessToken;
    const profile = await client.get(`/user/getProfile/${login.body.id}`);
    expect(profile.body).toMatchObject({ city: member.profile.city, bio: member.profile.bio });
    const set = await client.post('/match/new', { userId: login.body.id });
    expect(set.status).toBe(200);
    expect(Object.keys(set.body).length).toBeGreaterThan(0);
  } finally {
    await app.close();
  }
}

describe('fated db dump / restore', () => {
  const source = mkdtempSync(join(tmpdir(), 'fated-backup-'));
  const restored = mkdtempSync(join(tmpdir(), 'fated-restored-'));
  const dumpFile = join(source, 'backup.sql');

  beforeAll(async () => {
    await withCliContext({ env: envFor(source), logLevel: 'error' }, (context) =>
      seedAction(
        context,
        {
          users: USERS,
          verified: true,
          seed: SEED,
          avatars: false,
          bulk: false,
          password: DEFAULT_SEED_PASSWORD,
        },
        bufferOutput(),
      ),
    );
  });
  afterAll(() => {
    rmSync(source, { recursive: true, force: true });
    rmSync(restored, { recursive: true, force: true });
  });

  it('dumps the embedded database to a pg_dump SQL script only its owner may read', async () => {
    const out = bufferOutput();
    const { bytes } = await dumpAction({ file: dumpFile, env: envFor(source) }, out);
    const sql = readFileSync(dumpFile, 'utf8');
    expect(bytes).toBe(Buffer.byteLength(sql));
    expect(sql).toMatch(/^-- PostgreSQL database dump/m);
    expect(sql).toContain('INSERT INTO public.app_user');
    expect(sql).not.toMatch(/OWNER TO|GRANT /);
    expect(statSync(dumpFile).mode & 0o777).toBe(0o600);
    expect(out.text()).toContain(`Dumped ${join(source, 'pglite')} to ${dumpFile}`);
  });

  it('restores into an empty DATA_DIR, and the app runs on it with every member there', async () => {
    const out = bufferOutput();
    await restoreAction({ file: dumpFile, env: envFor(restored) }, out);
    expect(out.text()).toContain(`into ${join(restored, 'pglite')}`);
    await seededMemberSignsIn(envFor(restored));
  });

  it('refuses to restore over a database, and sends DATABASE_URL users to pg_dump', async () => {
    await expect(restoreAction({ file: dumpFile, env: envFor(source) }, bufferOutput())).rejects.toThrow(
      /already holds a database; restore only into an empty DATA_DIR/,
    );
    await expect(
      dumpAction({ file: join(source, 'other.sql'), env: envFor(source, POSTGRES) }, bufferOutput()),
    ).rejects.toEqual(
      expect.objectContaining({ exitCode: ExitCode.usage, message: expect.stringContaining('pg_dump') }),
    );
    await expect(
      restoreAction({ file: join(source, 'missing.sql'), env: envFor(restored) }, bufferOutput()),
    ).rejects.toEqual(new CliError(`No file ${join(source, 'missing.sql')}.`, ExitCode.notFound));
    // A dump cut short fails as a failure (1), not as a busy database (4), and leaves no folder behind.
    const truncated = join(source, 'truncated.sql');
    const whole = readFileSync(dumpFile, 'utf8');
    writeFileSync(truncated, `${whole.slice(0, Math.floor(whole.length / 2))}\n(cut here`);
    const elsewhere = mkdtempSync(join(tmpdir(), 'fated-truncated-'));
    await expect(restoreAction({ file: truncated, env: envFor(elsewhere) }, bufferOutput())).rejects.toEqual(
      expect.objectContaining({
        exitCode: ExitCode.failure,
        message: expect.stringContaining('Could not restore'),
      }),
    );
    expect(existsSync(join(elsewhere, 'pglite'))).toBe(false);
    rmSync(elsewhere, { recursive: true, force: true });
  });

  it('moves to PostgreSQL: psql restores the dump and the app runs on it', async () => {
    const name = `fated_restore_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: POSTGRES });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(POSTGRES);
    url.pathname = `/${name}`;
    try {
      const psql = spawnSync('psql', ['-v', 'ON_ERROR_STOP=1', '-q', '-d', url.toString(), '-f', dumpFile], {
        encoding: 'utf8',
      });
      expect(psql.stderr).toBe('');
      expect(psql.status).toBe(0);
      await seededMemberSignsIn(envFor(mkdtempSync(join(tmpdir(), 'fated-on-postgres-')), url.toString()));
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});
