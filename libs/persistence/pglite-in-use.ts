import {
  closeSync,
  existsSync,
  openSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { join, resolve } from 'node:path';

export interface PgliteUser {
  pid: number;
  /** The holder's command line, when readable ("node dist/apps/gateway/main.js"). */
  command: string | undefined;
}

/**
 * PGlite is a single-process database: a second process that opens the same folder is not refused, it
 * silently works on its own copy of the pages and corrupts the data. While PGlite has a folder open it
 * keeps `postmaster.pid` there (with a fake pid, -42) and holds file descriptors into it, so:
 * - no postmaster.pid → free;
 * - postmaster.pid and another process with a descriptor into the folder (Linux /proc) → in use by it;
 * - postmaster.pid but no holder → the last process stopped without closing it; PGlite recovers, free.
 * Where /proc cannot be read (macOS), a postmaster.pid alone counts as in use: refusing is the safe side.
 * Before any of that, a live process's claim (`claimPgliteFolder`) names it: it is about to open the folder.
 */
export function findPgliteUser(databaseDir: string): PgliteUser | 'unknown' | undefined {
  const dir = resolve(databaseDir);
  const claimant = claimantOf(dir);
  if (claimant) return claimant;
  if (!existsSync(join(dir, 'postmaster.pid'))) return undefined;
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((entry) => /^\d+$/.test(entry));
  } catch {
    return 'unknown';
  }
  const prefix = `${dir}/`;
  for (const pid of pids) {
    if (Number(pid) === process.pid) continue;
    let descriptors: string[];
    try {
      descriptors = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue; // gone, or another user's process
    }
    for (const fd of descriptors) {
      let target: string;
      try {
        target = readlinkSync(`/proc/${pid}/fd/${fd}`);
      } catch {
        continue;
      }
      if (target.startsWith(prefix)) return { pid: Number(pid), command: commandOf(pid) };
    }
  }
  return undefined;
}

function commandOf(pid: string): string | undefined {
  try {
    const command = withoutSecrets(readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean));
    return command || undefined;
  } catch {
    return undefined;
  }
}

/** Options whose value is a secret (`fated seed --password`). */
const SECRET_OPTION = /^--(password|secret|token)/;

/**
 * A command line as logs and errors may show it: a secret given on it (`--password X`, `--password=X`) is
 * left out, as is anything in a URL's password.
 */
export function withoutSecrets(args: readonly string[]): string {
  return args
    .map((arg, index) => {
      if (SECRET_OPTION.test(args[index - 1] ?? '') && !args[index - 1]!.includes('=')) return '***';
      if (SECRET_OPTION.test(arg) && arg.includes('=')) return `${arg.slice(0, arg.indexOf('='))}=***`;
      return arg.replace(/(\/\/[^/:@\s]*:)[^@\s]*@/g, '$1***@');
    })
    .join(' ');
}

/**
 * Folders this process claimed: given back when it exits, if not before. One set and one exit listener per
 * process, however often this module is loaded (a test runner loads it afresh for every file).
 */
const claimed: Set<string> = ((globalThis as Record<symbol, Set<string> | undefined>)[
  Symbol.for('fated.pglite-claims')
] ??= (() => {
  const folders = new Set<string>();
  process.once('exit', () => folders.forEach((dir) => releasePgliteFolder(dir)));
  return folders;
})());

/** The claim beside a PGlite folder: `<folder>.claim`, holding its claimant's pid. */
const claimPath = (dir: string) => `${resolve(dir)}.claim`;

/**
 * Claims the folder for this process before PGlite opens it, or names the live process that holds it. Seeing
 * who has files open in the folder (findPgliteUser) misses a process that has not opened it yet: two started
 * a moment apart (a CLI command and the app) both found it free and both opened it. The claim is a file
 * created exclusively (one process wins), holding the winner's pid, removed when the process exits. A file
 * with a pid rather than a lock library's timed lock (proper-lockfile's stale mtime): a claimant that crashed
 * is seen dead at once, so the app restarts at once after a crash.
 */
export function claimPgliteFolder(databaseDir: string): PgliteUser | undefined {
  const path = claimPath(databaseDir);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(path, 'wx', 0o600);
      writeSync(fd, `${process.pid}\n`);
      closeSync(fd);
      claimed.add(databaseDir);
      return undefined;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const pid = claimPid(path);
    if (pid === process.pid) return undefined;
    if (pid !== undefined && isAlive(pid)) return { pid, command: commandOf(String(pid)) };
    // Its claimant is gone (a crash): the claim is stale.
    try {
      unlinkSync(path);
    } catch {
      // another process took it over first; the next attempt sees theirs
    }
  }
  return { pid: claimPid(path) ?? 0, command: undefined };
}

/** Gives the folder's claim back, if it is this process's (PGlite closed, or the process ends). */
export function releasePgliteFolder(databaseDir: string): void {
  claimed.delete(databaseDir);
  const path = claimPath(databaseDir);
  if (claimPid(path) !== process.pid) return;
  try {
    unlinkSync(path);
  } catch {
    // already gone
  }
}

function claimantOf(dir: string): PgliteUser | undefined {
  const pid = claimPid(claimPath(dir));
  if (pid === undefined || pid === process.pid || !isAlive(pid)) return undefined;
  return { pid, command: commandOf(String(pid)) };
}

function claimPid(path: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(path, 'utf8'), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, another user's
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A `fated` CLI command (built or run through tsx), as its command line reads. */
const CLI_COMMAND = /cli\/bin\/fated(\.[jt]s)?\b/;

/**
 * Waits while a CLI command has the embedded database's folder (one started a moment before the app, before
 * the app served its socket: it opened the folder itself), up to `timeoutMs`; `waiting` is told once. Any
 * other holder is left to the start's own refusal.
 */
export async function waitForCliOnFolder(
  databaseDir: string,
  { timeoutMs, waiting }: { timeoutMs: number; waiting: (holder: PgliteUser) => void },
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let told = false;
  for (;;) {
    const holder = findPgliteUser(databaseDir);
    if (!holder || holder === 'unknown' || !CLI_COMMAND.test(holder.command ?? '')) return;
    if (Date.now() > deadline) return;
    if (!told) waiting(holder);
    told = true;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
