import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  claimPgliteFolder,
  findPgliteUser,
  releasePgliteFolder,
  waitForCliOnFolder,
  withoutSecrets,
} from './pglite-in-use.js';

describe('PGlite in-use check', () => {
  let dir: string;
  let holder: ChildProcess | undefined;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'fated-pglite-lock-'));
  });

  afterEach(() => {
    holder?.kill();
    holder = undefined;
    rmSync(dir, { recursive: true, force: true });
    rmSync(`${dir}.claim`, { force: true });
  });

  it('sees a folder without postmaster.pid as free', () => {
    expect(findPgliteUser(dir)).toBeUndefined();
  });

  it('sees a leftover postmaster.pid that no process holds as free (PGlite recovers from it)', () => {
    writeFileSync(join(dir, 'postmaster.pid'), '-42\n/pglite/data\n');
    expect(findPgliteUser(dir)).toBeUndefined();
  });

  it('names the process that has files open in the folder', async () => {
    writeFileSync(join(dir, 'postmaster.pid'), '-42\n/pglite/data\n');
    const fd = openSync(join(dir, 'PG_VERSION'), 'w');
    holder = spawn('sleep', ['30'], { stdio: ['ignore', fd, 'ignore'] });
    closeSync(fd);
    await new Promise((resolve) => holder!.once('spawn', resolve));
    const user = findPgliteUser(dir);
    expect(user).toEqual({ pid: holder.pid, command: 'sleep 30' });
  });
  it('lets one process claim the folder before opening it; another sees the claimant, even before it opens', async () => {
    expect(claimPgliteFolder(dir)).toBeUndefined();
    expect(readFileSync(`${dir}.claim`, 'utf8')).toBe(`${process.pid}\n`);
    expect(claimPgliteFolder(dir)).toBeUndefined(); // this process again
    releasePgliteFolder(dir);
    expect(existsSync(`${dir}.claim`)).toBe(false);

    holder = spawn('sleep', ['30'], { stdio: 'ignore' });
    await new Promise((resolve) => holder!.once('spawn', resolve));
    writeFileSync(`${dir}.claim`, `${holder.pid}\n`);
    expect(claimPgliteFolder(dir)).toEqual({ pid: holder.pid, command: 'sleep 30' });
    expect(findPgliteUser(dir)).toEqual({ pid: holder.pid, command: 'sleep 30' });
    releasePgliteFolder(dir); // not ours: kept
    expect(readFileSync(`${dir}.claim`, 'utf8')).toBe(`${holder.pid}\n`);
  });

  it('takes over the claim of a process that died without giving it back', async () => {
    const gone = spawn('true', { stdio: 'ignore' });
    await new Promise((resolve) => gone.once('exit', resolve));
    writeFileSync(`${dir}.claim`, `${gone.pid}\n`);
    expect(findPgliteUser(dir)).toBeUndefined();
    expect(claimPgliteFolder(dir)).toBeUndefined();
    expect(readFileSync(`${dir}.claim`, 'utf8')).toBe(`${process.pid}\n`);
  });

  it('waits while a CLI command has the folder, telling once; not for any other holder', async () => {
    // A stand-in for `node dist/cli/bin/fated.js stats` that holds the claim for 600 ms.
    holder = spawn('sh', ['-c', 'sleep 0.6', 'dist/cli/bin/fated.js'], { stdio: 'ignore' });
    await new Promise((resolve) => holder!.once('spawn', resolve));
    writeFileSync(`${dir}.claim`, `${holder.pid}\n`);
    const told: string[] = [];
    const started = Date.now();
    await waitForCliOnFolder(dir, { timeoutMs: 10_000, waiting: (user) => told.push(user.command ?? '') });
    expect(Date.now() - started).toBeGreaterThanOrEqual(400);
    expect(told).toHaveLength(1);
    expect(findPgliteUser(dir)).toBeUndefined();

    const other = spawn('sleep', ['30'], { stdio: 'ignore' });
    holder = other;
    await new Promise((resolve) => other.once('spawn', resolve));
    writeFileSync(`${dir}.claim`, `${other.pid}\n`);
    const quick = Date.now();
    await waitForCliOnFolder(dir, { timeoutMs: 10_000, waiting: () => told.push('other') });
    expect(Date.now() - quick).toBeLessThan(5_000); // not the 10 s it would wait for a CLI
    expect(told).toHaveLength(1);
  });
});

describe('a command line as logs show it', () => {
  it("leaves out a password given as an option, and a URL's password", () => {
    expect(withoutSecrets(['node', 'fated.js', 'seed', '--users', '5', '--password', 'Op-Secret-77'])).toBe(
      'node fated.js seed --users 5 --password ***',
    );
    expect(withoutSecrets(['node', 'fated.js', 'seed', '--password=Op-Secret-77', '--force'])).toBe(
      'node fated.js seed --password=*** --force',
    );
    expect(withoutSecrets(['node', 'x.js', 'postgres://fated:hunter2@db:5432/fated'])).toBe(
      'node x.js postgres://fated:***@db:5432/fated',
    );
    expect(withoutSecrets(['node', 'dist/apps/gateway/main.js'])).toBe('node dist/apps/gateway/main.js');
  });
});
