import { cpus, totalmem } from 'node:os';

/** One line naming where a figure was measured: figures without a machine mean little. */
export function describeMachine(): string {
  const cores = cpus();
  const model = cores[0]?.model.trim() || 'unknown CPU';
  return `${cores.length} cores (${model}), ${Math.round(totalmem() / 2 ** 30)} GB RAM, Node ${process.version}, ${process.platform}`;
}

/** Peak resident set size while `work` runs, sampled every 50 ms (plus before and after). */
export async function withPeakRss<T>(work: () => Promise<T>): Promise<{ result: T; peakRss: number }> {
  let peak = process.memoryUsage.rss();
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 50);
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage.rss());
    return { result, peakRss: peak };
  } finally {
    clearInterval(timer);
  }
}

export function megabytes(bytes: number): string {
  return `${Math.round(bytes / 2 ** 20)} MB`;
}
