import { existsSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
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
 */
export function findPgliteUser(databaseDir: string): PgliteUser | 'unknown' | undefined {
  const dir = resolve(databaseDir);
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
    const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
    return command || undefined;
  } catch {
    return undefined;
  }
}
