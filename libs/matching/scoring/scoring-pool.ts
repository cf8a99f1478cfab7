import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { LANES } from './kernel-layout.js';
import type { ScoringGroup } from './scoring-group.js';
import { encodeSeekers, scoreBatch, seekerCount, splitBatch, type Seeker } from './seeker-batch.js';
import { RESULT_STRIDE } from './simd-tiers4.js';

/**
 * Scoring on worker threads: each seeker is up to a few hundred microseconds of pure CPU, so a run of
 * thousands spreads over the cores. The group (scoring-group.ts `encodeGroup`) lives in SharedArrayBuffers
 * that every thread reads, never copied; seekers go out and results come back as transferred Int32Arrays.
 * Every thread runs `scoreBatch`, the same code as the inline path (threads = 0), so results are identical.
 *
 * The thread is the compiled .js beside this file once built (dist/), else the .ts source (Jest), which
 * Node runs with its type stripping — the rule embedding-worker.ts uses.
 */
function threadFile(): URL {
  const compiled = new URL('./scoring-worker.thread.js', import.meta.url);
  return existsSync(compiled) ? compiled : new URL('./scoring-worker.thread.ts', import.meta.url);
}

/** All cores, at most 4: beyond that the request-serving process would starve. */
export function defaultScoringThreads(): number {
  return Math.min(4, Math.max(1, availableParallelism()));
}

interface Task {
  group: ScoringGroup;
  batch: Int32Array<ArrayBuffer>;
  resolve(results: Int32Array): void;
  reject(error: Error): void;
}

type Reply = { id: number; results: Int32Array } | { id: number; error: string };

/** Parts per thread a batch is cut into, so a thread finishing early takes more. */
const PARTS_PER_THREAD = 4;

export class ScoringPool {
  private readonly workers: Worker[] = [];
  private readonly busy = new Map<Worker, { id: number; task: Task }>();
  private readonly queue: Task[] = [];
  private nextId = 0;
  private stopped: Error | undefined;

  /** `threads` = 0 scores inline in the calling thread. */
  constructor(readonly threads: number = defaultScoringThreads()) {
    if (!Number.isInteger(threads) || threads < 0)
      throw new RangeError(`threads must be ≥ 0, got ${threads}`);
    for (let i = 0; i < threads; i++) this.workers.push(this.start());
  }

  /**
   * Tiers for every seeker against the group: RESULT_STRIDE numbers per seeker, in order (see
   * simd-tiers4.ts; read them with `tiersAt`).
   */
  async score(group: ScoringGroup, seekers: readonly Seeker[] | Int32Array): Promise<Int32Array> {
    const batch = seekers instanceof Int32Array ? seekers : encodeSeekers(seekers);
    if (this.threads === 0) return scoreBatch(group, batch);
    if (this.stopped) throw this.stopped;
    const count = seekerCount(batch);
    // Whole sweeps of four seekers (simd-tiers4.ts) per part, so no part ends in a sweep with idle lanes.
    const size = LANES * Math.max(1, Math.ceil(count / (this.threads * PARTS_PER_THREAD * LANES)));
    // slice(): each part gets a buffer of its own to transfer.
    const parts = splitBatch(batch, size).map((part) => this.submit(group, part.slice()));
    const results = new Int32Array(count * RESULT_STRIDE);
    let at = 0;
    for (const part of await Promise.all(parts)) {
      results.set(part, at);
      at += part.length;
    }
    return results;
  }

  /** Ends the threads; pending and later `score` calls reject. */
  async close(): Promise<void> {
    this.fail(new Error('scoring pool closed'));
    await Promise.all(this.workers.map((worker) => worker.terminate()));
  }

  private submit(group: ScoringGroup, batch: Int32Array<ArrayBuffer>): Promise<Int32Array> {
    return new Promise((resolve, reject) => {
      this.queue.push({ group, batch, resolve, reject });
      this.dispatch();
    });
  }

  private dispatch(): void {
    for (const worker of this.workers) {
      if (this.queue.length === 0) return;
      if (this.busy.has(worker)) continue;
      const task = this.queue.shift()!;
      const id = this.nextId++;
      this.busy.set(worker, { id, task });
      // A busy thread keeps the process alive; an idle one must not (a CLI would never exit).
      worker.ref();
      const { planes, hashes, count } = task.group;
      worker.postMessage({ id, planes, hashes, count, batch: task.batch }, [task.batch.buffer]);
    }
  }

  private start(): Worker {
    const worker = new Worker(threadFile());
    worker.unref();
    worker.on('message', (reply: Reply) => {
      const current = this.busy.get(worker);
      if (!current || current.id !== reply.id) return;
      this.busy.delete(worker);
      worker.unref();
      if ('error' in reply) current.task.reject(new Error(reply.error));
      else current.task.resolve(reply.results);
      this.dispatch();
    });
    // A dead thread fails the pool: a caller must never wait forever on a part nobody scores.
    worker.on('error', (error) => this.fail(error));
    worker.on('exit', () => this.fail(new Error('scoring thread stopped')));
    return worker;
  }

  private fail(error: Error): void {
    this.stopped ??= error;
    for (const { task } of this.busy.values()) task.reject(error);
    this.busy.clear();
    for (const task of this.queue.splice(0)) task.reject(error);
  }
}
