import { Session } from 'node:inspector/promises';
import { writeFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples?: number[];
  timeDeltas?: number[];
}

/** The V8 sampling profiler over one piece of work, in this process (the run, not the seeding around it). */
export async function profile<T>(
  work: () => Promise<T>,
  file?: string,
): Promise<{ result: T; summary: string[] }> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 500 });
  await session.post('Profiler.start');
  const outcome = await work().then(
    (result) => ({ ok: true as const, result }),
    (error: unknown) => ({ ok: false as const, error }),
  );
  const { profile: recorded } = (await session.post('Profiler.stop')) as { profile: CpuProfile };
  session.disconnect();
  if (!outcome.ok) throw outcome.error;
  if (file) writeFileSync(file, JSON.stringify(recorded));
  return { result: outcome.result, summary: summarise(recorded) };
}

/** Self time by area (our code, PGlite's WebAssembly, the ORM, the driver, idle) and the top functions. */
export function summarise(recorded: CpuProfile): string[] {
  const sampleMs = new Map<number, number>();
  const samples = recorded.samples ?? [];
  const deltas = recorded.timeDeltas ?? [];
  for (let i = 0; i < samples.length; i++) {
    const next = deltas[i + 1] ?? 0;
    sampleMs.set(samples[i]!, (sampleMs.get(samples[i]!) ?? 0) + next / 1000);
  }
  const total = (recorded.endTime - recorded.startTime) / 1000;
  const byArea = new Map<string, number>();
  const byFunction = new Map<string, number>();
  for (const node of recorded.nodes) {
    const ms = sampleMs.get(node.id) ?? 0;
    if (ms === 0) continue;
    const area = areaOf(node.callFrame.url, node.callFrame.functionName);
    byArea.set(area, (byArea.get(area) ?? 0) + ms);
    const name = `${node.callFrame.functionName || '(anonymous)'} ${shortUrl(node.callFrame.url)}${node.callFrame.url ? `:${node.callFrame.lineNumber + 1}` : ''}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + ms);
  }
  const percent = (ms: number) => `${((100 * ms) / total).toFixed(1).padStart(5)} %`;
  const lines = [`CPU profile of the run (${Math.round(total)} ms wall): self time by area`];
  const areas = [...byArea].sort((a, b) => b[1] - a[1]);
  for (const [area, ms] of areas.slice(0, 8)) lines.push(`  ${percent(ms)}  ${area}`);
  const rest = areas.slice(8).reduce((sum, [, ms]) => sum + ms, 0);
  if (rest > 0) lines.push(`  ${percent(rest)}  everything else`);
  lines.push('Top functions by self time');
  for (const [name, ms] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, 15))
    lines.push(`  ${percent(ms)}  ${name}`);
  return lines;
}

function areaOf(url: string, functionName: string): string {
  if (!url) {
    if (functionName === '(idle)') return 'idle (waiting for I/O: PostgreSQL, or nothing to do)';
    if (functionName === '(garbage collector)') return 'garbage collection';
    if (functionName === '(program)') return 'V8/native (program)';
    return `native ${functionName}`;
  }
  if (url.startsWith('wasm://')) return 'PGlite: PostgreSQL compiled to WebAssembly (same thread)';
  if (url.includes('/@electric-sql/pglite/')) return 'PGlite: its JavaScript (wire protocol, result parsing)';
  if (url.includes('/@mikro-orm/')) return 'MikroORM';
  if (url.includes('/kysely/')) return 'kysely (ORM query layer)';
  if (url.includes('/pg/') || url.includes('/pg-protocol/') || url.includes('/pg-types/')) return 'pg driver';
  if (url.includes('/@huggingface/') || url.includes('/onnxruntime'))
    return 'embedding model (transformers.js)';
  if (url.includes('/libs/matching/')) return 'matching engine (libs/matching)';
  if (url.includes('/node_modules/'))
    return `other packages (${url.split('/node_modules/').pop()!.split('/')[0]})`;
  if (url.startsWith('node:')) return 'Node core';
  return `app code (${shortUrl(url)})`;
}

function shortUrl(url: string): string {
  return url
    .replace(/^file:\/\//, '')
    .replace(/^.*\/dist\/bench\//, '')
    .replace(/^.*\/node_modules\//, '');
}
