import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findPgliteUser } from './pglite-in-use.js';

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
});
