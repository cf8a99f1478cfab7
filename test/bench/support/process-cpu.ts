import { readdirSync, readFileSync } from 'node:fs';

/** A process's user + system CPU time so far, in seconds (Linux /proc; clock ticks of 10 ms). */
export function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** CPU seconds so far of the given processes and, on PostgreSQL on this machine, of each backend of `databaseUrl`. */
export interface CpuSnapshot {
  processes: number[];
  /** CPU seconds by backend pid; undefined on PGlite (the database runs in the gateway). */
  backends: Map<number, number> | undefined;
}

/**
 * Backends are found by their title, `postgres: [cluster: ]<user> <database> …`. CPU per request is the fair
 * figure on a shared machine, where a throughput depends on whatever else runs.
 */
export function cpuOf(pids: number[], databaseUrl: string | undefined): CpuSnapshot {
  const name = databaseUrl ? new URL(databaseUrl).pathname.slice(1) : undefined;
  const processes = pids.map(cpuSeconds);
  if (!name) return { processes, backends: undefined };
  const backends = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const [, database] =
        /^postgres: (?:\S+: )?\S+ (\S+) /.exec(readFileSync(`/proc/${entry}/cmdline`, 'utf8')) ?? [];
      if (database === name) backends.set(Number(entry), cpuSeconds(Number(entry)));
    } catch {
      // The process ended while the list was read.
    }
  }
  return { processes, backends };
}

/** The processes' CPU seconds between two snapshots, summed. */
export function processCpuBetween(before: CpuSnapshot, after: CpuSnapshot): number {
  return after.processes.reduce((sum, cpu, i) => sum + cpu - (before.processes[i] ?? 0), 0);
}

/** The backends' CPU seconds between two snapshots: a backend that started between them counts whole. */
export function backendCpuBetween(before: CpuSnapshot, after: CpuSnapshot): number | undefined {
  if (!before.backends || !after.backends) return undefined;
  let seconds = 0;
  for (const [pid, cpu] of after.backends) seconds += cpu - (before.backends.get(pid) ?? 0);
  return seconds;
}
