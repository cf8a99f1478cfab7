import { LANES } from './kernel-layout.js';
import type { ScoringGroup } from './scoring-group.js';
import { simdKernel } from './simd-kernel.js';
import { chooseTiersSimd4, RESULT_STRIDE } from './simd-tiers4.js';

/** One seeker to score against a group: their 3 packed words, tie-break seed and excluded positions. */
export interface Seeker {
  words: ArrayLike<number>;
  /** hashString(`${userId}|${day}`) (tiebreak.ts). */
  seed: number;
  /** Positions in the group left out: self, pairs shown recently. Duplicates and out-of-range are ignored. */
  excluded: ArrayLike<number>;
}

/**
 * Seekers flattened into one Int32Array so a batch crosses to a worker as a single transferable buffer:
 * per seeker [x0, x1, x2, seed, n, excluded × n] (words and seed as their 32 bits).
 */
const HEADER = 5;

export function encodeSeekers(seekers: readonly Seeker[]): Int32Array<ArrayBuffer> {
  let length = 0;
  for (const seeker of seekers) length += HEADER + seeker.excluded.length;
  const batch = new Int32Array(length);
  let at = 0;
  for (const { words, seed, excluded } of seekers) {
    batch[at] = words[0]!;
    batch[at + 1] = words[1]!;
    batch[at + 2] = words[2]!;
    batch[at + 3] = seed;
    batch[at + 4] = excluded.length;
    batch.set(excluded, at + HEADER);
    at += HEADER + excluded.length;
  }
  return batch;
}

/** Number of seekers in an encoded batch. */
export function seekerCount(batch: Int32Array): number {
  let count = 0;
  for (let at = 0; at < batch.length; at += HEADER + batch[at + 4]!) count++;
  return count;
}

/** Splits an encoded batch into runs of at most `size` consecutive seekers (views, no copy). */
export function splitBatch(batch: Int32Array, size: number): Int32Array[] {
  const parts: Int32Array[] = [];
  let start = 0;
  let inPart = 0;
  for (let at = 0; at < batch.length; at += HEADER + batch[at + 4]!) {
    if (inPart === size) {
      parts.push(batch.subarray(start, at));
      start = at;
      inPart = 0;
    }
    inPart++;
  }
  if (inPart > 0) parts.push(batch.subarray(start));
  return parts;
}

/**
 * Scores every seeker of the batch on this thread's kernel: RESULT_STRIDE numbers each, in batch order
 * (simd-tiers4.ts), four seekers a sweep.
 */
export function scoreBatch(group: ScoringGroup, batch: Int32Array): Int32Array<ArrayBuffer> {
  const kernel = simdKernel();
  return sweeps(batch, (words, seeds, excluded, results, out) =>
    chooseTiersSimd4(kernel, group, words, seeds, excluded, results, out),
  );
}

type Sweep = (
  words: Int32Array,
  seeds: Int32Array,
  excluded: Int32Array[],
  results: Int32Array,
  out: number,
) => void;

/** Cuts the batch into sweeps of up to four seekers and runs `sweep` on each, with its output offset. */
function sweeps(batch: Int32Array, sweep: Sweep): Int32Array<ArrayBuffer> {
  const results = new Int32Array(seekerCount(batch) * RESULT_STRIDE);
  const words = new Int32Array(3 * LANES);
  const seeds = new Int32Array(LANES);
  const excluded: Int32Array[] = [];
  let at = 0;
  let out = 0;
  while (at < batch.length) {
    excluded.length = 0;
    for (let lane = 0; lane < LANES && at < batch.length; lane++) {
      const n = batch[at + 4]!;
      words.set(batch.subarray(at, at + 3), 3 * lane);
      seeds[lane] = batch[at + 3]!;
      excluded.push(batch.subarray(at + HEADER, at + HEADER + n));
      at += HEADER + n;
    }
    sweep(words, seeds, excluded, results, out);
    out += excluded.length * RESULT_STRIDE;
  }
  return results;
}
