import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PgliteDriver } from '@mikro-orm/pglite';
import { PostgreSqlDriver } from '@mikro-orm/postgresql';
import { AppConfig } from '../config/app-config.js';
import { ormOptions, sessionOptions } from './orm-options.js';

describe('PostgreSQL session options', () => {
  it('plans prepared statements generically', () => {
    expect(sessionOptions('postgres://app@db:5432/fated')).toBe('-c plan_cache_mode=force_generic_plan');
  });

  it("keeps the URL's own options first", () => {
    expect(sessionOptions('postgres://app@db:5432/fated?options=-c%20search_path%3Dfated')).toBe(
      '-c search_path=fated -c plan_cache_mode=force_generic_plan',
    );
  });
});

describe('the embedded database', () => {
  let dataDir: string;
  let holder: ChildProcess | undefined;

  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'fated-orm-options-'));
  });
  afterEach(() => {
    holder?.kill();
    holder = undefined;
    rmSync(dataDir, { recursive: true, force: true });
  });

  const config = (env: NodeJS.ProcessEnv = {}) =>
    AppConfig.fromEnvironment({ NODE_ENV: 'test', DATA_DIR: dataDir, ...env });

  it('is opened in process when nothing holds its folder', () => {
    expect(ormOptions(config()).driver).toBe(PgliteDriver);
  });

  it('is not opened while another process holds its folder (two PGlite processes corrupt it)', async () => {
    const folder = join(dataDir, 'pglite');
    mkdirSync(folder);
    writeFileSync(join(folder, 'postmaster.pid'), '-42\n/pglite/data\n');
    const fd = openSync(join(folder, 'PG_VERSION'), 'w');
    holder = spawn('sleep', ['30'], { stdio: ['ignore', fd, 'ignore'] });
    closeSync(fd);
    await new Promise((resolve) => holder!.once('spawn', resolve));
    expect(() => ormOptions(config())).toThrow(`is in use by process ${holder.pid} (sleep 30)`);
  });

  it("is reached through the app's socket, one connection, when the CLI works beside the app", () => {
    expect(ormOptions(config(), { pgliteSocketDir: dataDir })).toMatchObject({
      driver: PostgreSqlDriver,
      host: dataDir,
      port: 5432,
      pool: { min: 0, max: 1 },
    });
  });
});
