import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type pg from 'pg';

/** Clock ticks per second of /proc/<pid>/stat (USER_HZ, 100 on every Linux this runs on). */
const TICKS_PER_SECOND = 100;

/** utime + stime of a process, in seconds (its threads included); undefined once it is gone. */
export function processCpuSeconds(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces and parentheses: the fields start after its last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

/**
 * CPU seconds of named groups of processes over an interval, sampled every `everyMs` (a process that exits
 * between samples loses at most that much). Each group's pids are asked for at every sample, so PostgreSQL
 * backends that connect meanwhile are counted from their start.
 */
export class CpuSampler {
  private readonly first = new Map<string, Map<number, number>>();
  private readonly last = new Map<string, Map<number, number>>();
  private timer: NodeJS.Timeout | undefined;
  private sampling: Promise<void> = Promise.resolve();

  constructor(
    private readonly groups: Record<string, () => Promise<number[]> | number[]>,
    private readonly everyMs = 500,
  ) {}

  async start(): Promise<void> {
    await this.sample(true);
    this.timer = setInterval(() => {
      this.sampling = this.sampling.then(() => this.sample(false)).catch(() => undefined);
    }, this.everyMs);
  }

  /** CPU seconds per group since start(). */
  async stop(): Promise<Record<string, number>> {
    clearInterval(this.timer);
    await this.sampling;
    await this.sample(false);
    const totals: Record<string, number> = {};
    for (const name of Object.keys(this.groups)) {
      let sum = 0;
      for (const [pid, seconds] of this.last.get(name) ?? [])
        sum += seconds - (this.first.get(name)?.get(pid) ?? 0);
      totals[name] = sum;
    }
    return totals;
  }

  private async sample(initial: boolean): Promise<void> {
    for (const [name, pidsOf] of Object.entries(this.groups)) {
      const last = this.last.get(name) ?? new Map<number, number>();
      this.last.set(name, last);
      const first = this.first.get(name) ?? new Map<number, number>();
      this.first.set(name, first);
      for (const pid of await pidsOf()) {
        const seconds = processCpuSeconds(pid);
        if (seconds === undefined) continue;
        if (initial) first.set(pid, seconds);
        last.set(pid, seconds);
      }
    }
  }
}

/** A Prometheus text exposition as sample name with labels → value (`name{a="b"}` keys, as written). */
export type Samples = Map<string, number>;

export function parseSamples(text: string): Samples {
  const samples: Samples = new Map();
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const at = line.lastIndexOf(' ');
    samples.set(line.slice(0, at), Number(line.slice(at + 1)));
  }
  return samples;
}

export async function scrape(url: string, token: string): Promise<Samples> {
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return parseSamples(await response.text());
}

/** after − before of one sample (0 when absent). */
export function delta(before: Samples, after: Samples, key: string): number {
  return (after.get(key) ?? 0) - (before.get(key) ?? 0);
}

/** Bytes of the topic's partition logs in the broker's data folder. */
export function topicBytes(dataDir: string, topic: string): number {
  let bytes = 0;
  let entries: string[];
  try {
    entries = readdirSync(dataDir);
  } catch {
    return 0;
  }
  for (const entry of entries.filter((name) => name.startsWith(`${topic}-`))) {
    for (const file of readdirSync(join(dataDir, entry)).filter((name) => name.endsWith('.log'))) {
      bytes += statSync(join(dataDir, entry, file)).size;
    }
  }
  return bytes;
}

/** The database's own counters (pg_stat_database: this database only, whoever else uses the server). */
export interface DatabaseCounters {
  commits: number;
  inserted: number;
  updated: number;
  deleted: number;
  returned: number;
  fetched: number;
  blocksRead: number;
  blocksHit: number;
}

export async function databaseCounters(client: pg.Client): Promise<DatabaseCounters> {
  // The statistics are a snapshot per transaction; a fresh read each time.
  await client.query('select pg_stat_clear_snapshot()');
  const { rows } = await client.query<Record<string, string>>(
    `select xact_commit, tup_inserted, tup_updated, tup_deleted, tup_returned, tup_fetched, blks_read, blks_hit
       from pg_stat_database where datname = current_database()`,
  );
  const row = rows[0]!;
  return {
    commits: Number(row.xact_commit),
    inserted: Number(row.tup_inserted),
    updated: Number(row.tup_updated),
    deleted: Number(row.tup_deleted),
    returned: Number(row.tup_returned),
    fetched: Number(row.tup_fetched),
    blocksRead: Number(row.blks_read),
    blocksHit: Number(row.blks_hit),
  };
}

export function counterDelta(before: DatabaseCounters, after: DatabaseCounters): DatabaseCounters {
  const out = {} as DatabaseCounters;
  for (const key of Object.keys(before) as (keyof DatabaseCounters)[]) out[key] = after[key] - before[key];
  return out;
}

/** Backends of this database (pids on this machine), for CPU sampling. */
export async function backendPids(client: pg.Client): Promise<number[]> {
  const { rows } = await client.query<{ pid: number }>(
    `select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
  );
  return rows.map((row) => Number(row.pid));
}
