/**
 * One seeker's tiers in one fused pass over their group: the same result as `distancesFrom` + `chooseTiers`
 * (domain/tiers.ts) with the tie-break rank `mix32(seed ^ hashes[j])`, without closures, sets, maps or
 * per-seeker allocation. Per pair: four table lookups (chunk-codes.ts) giving the distance, stored to a
 * scratch byte and counted; then the histogram decides the (at most three) wanted distances, and one scan
 * of the scratch, four bytes at a time, ranks only the candidates at those distances. Batches of seekers
 * take fused-tiers4.ts, four seekers a sweep; this one is for a lone seeker (MatchSetGenerator.pickFor).
 *
 * Erasable TypeScript importing only its siblings: the worker thread loads it from source under Node's
 * type stripping, where the quiz barrel behind compatibility.ts cannot load; fused-tiers.spec.ts pins the
 * constants below to the domain's.
 */
import type { Tier } from '../domain/tiers.js';
import { CHUNK_TABLE_SIZE, fillChunkTable, type ScoringGroup } from './chunk-codes.js';

/** 19 questions × widest gap 4; percent = round(100 × (1 − D / 76)), as domain/compatibility.ts. */
export const FUSED_MAX_DISTANCE = 76;
export const FUSED_PERCENT: Uint8Array = Uint8Array.from({ length: FUSED_MAX_DISTANCE + 1 }, (_, d) =>
  Math.round(100 * (1 - d / FUSED_MAX_DISTANCE)),
);

/** Per seeker in a result array: best, its distance, medium, its distance, worst, its distance, pool size. */
export const RESULT_STRIDE = 7;
/** Numbers wantedDistances writes per seeker: nearest, farthest, middle, farSlot, midSlot. */
export const WANTED_STRIDE = 5;
/** Marks an absent tier (position and distance) in a result array. */
export const NO_PICK = -1;

export type { ScoringGroup } from './chunk-codes.js';

/** A distance no candidate can have: marks excluded candidates in the scratch distances. */
const EXCLUDED = 255;
// Per-thread scratch: the seeker's chunk table, the distances of the current seeker (padded to whole
// 32-bit words for the scan), the histogram, the three lowest-ranked candidates per wanted distance.
// Module constants, so the optimised loops address them directly.
const chunkTable = new Uint8Array(CHUNK_TABLE_SIZE);
const histogram = new Int32Array(FUSED_MAX_DISTANCE + 1);
/** A second histogram lane: the unrolled loop's two increments never wait on each other. */
const histogram2 = new Int32Array(FUSED_MAX_DISTANCE + 1);
const slotOf = new Uint8Array(256);
const topRank = new Float64Array(9);
const topPosition = new Int32Array(9);
const topFill = new Int32Array(3);
let scratch = new Uint8Array(0);
let scratchWords = new Uint32Array(0);

/**
 * Picks best, medium and worst for the seeker with packed words (x0, x1, x2) and tie-break seed `seed`
 * among the first `group.count` members, leaving out the positions in `excluded` (self, recent pairs;
 * duplicates and out-of-range positions are ignored). Writes RESULT_STRIDE numbers to `out` at `at`
 * (NO_PICK for absent tiers) and returns the pool size.
 */
export function chooseTiersFused(
  group: ScoringGroup,
  x0: number,
  x1: number,
  x2: number,
  seed: number,
  excluded: ArrayLike<number>,
  out: Int32Array,
  at: number,
): number {
  const count = group.count;
  if (scratch.length < count + 4) {
    scratchWords = new Uint32Array((Math.max(count + 4, scratch.length * 2) + 3) >>> 2);
    scratch = new Uint8Array(scratchWords.buffer);
  }
  const distances = scratch;
  fillChunkTable(chunkTable, x0, x1, x2);
  histogram.fill(0);
  histogram2.fill(0);
  distancePass(group.codes, count, distances);
  for (let d = 0; d <= FUSED_MAX_DISTANCE; d++) histogram[d]! += histogram2[d]!;
  // The scan reads whole words: the bytes past the group must match no distance.
  distances.fill(EXCLUDED, count, (count + 3) & ~3);

  let poolSize = count;
  for (let k = 0; k < excluded.length; k++) {
    const j = excluded[k]!;
    if (j >= 0 && j < count && distances[j] !== EXCLUDED) {
      histogram[distances[j]!]!--;
      distances[j] = EXCLUDED;
      poolSize--;
    }
  }
  out.fill(NO_PICK, at, at + RESULT_STRIDE - 1);
  out[at + 6] = poolSize;
  if (poolSize === 0) return 0;

  wantedDistances(histogram, poolSize, wantedOf, 0);
  const nearest = wantedOf[0]!;
  const farthest = wantedOf[1]!;
  const middle = wantedOf[2]!;
  const farSlot = wantedOf[3]!;
  const midSlot = wantedOf[4]!;
  slotOf[nearest] = 1;
  slotOf[farthest] = farSlot + 1;
  if (middle >= 0) slotOf[middle] = midSlot + 1;
  const wanted = nearest | (farthest << 8) | ((middle >= 0 ? middle : nearest) << 16);
  scanLowestRanked(scratchWords, group.hashes, count, seed, wanted);
  slotOf[nearest] = 0;
  slotOf[farthest] = 0;
  if (middle >= 0) slotOf[middle] = 0;

  const best = topPosition[0]!;
  out[at] = best;
  out[at + 1] = nearest;
  if (poolSize >= 2) {
    const worst = firstUntaken(farSlot, best, NO_PICK);
    out[at + 4] = worst;
    out[at + 5] = farthest;
    if (poolSize >= 3) {
      out[at + 2] = firstUntaken(midSlot, best, worst);
      out[at + 3] = middle;
    }
  }
  return poolSize;
}

/**
 * The hot loop: 4 lookups a candidate, its distance kept for the scan and counted. A function of its own
 * (as the scan): V8 compiles a long loop on stack replacement, and code after it in the same function
 * would run on that code without type feedback and deoptimise on every call.
 */
function distancePass(codes: Uint32Array, count: number, distances: Uint8Array): void {
  const table = chunkTable;
  let j = 0;
  for (let w = 0; j + 1 < count; j += 2, w += 4) {
    const a = codes[w]!;
    const b = codes[w + 1]!;
    const c = codes[w + 2]!;
    const e = codes[w + 3]!;
    const d = table[a & 0xffff]! + table[a >>> 16]! + table[b & 0xffff]! + table[b >>> 16]!;
    const f = table[c & 0xffff]! + table[c >>> 16]! + table[e & 0xffff]! + table[e >>> 16]!;
    distances[j] = d;
    distances[j + 1] = f;
    histogram[d]!++;
    histogram2[f]!++;
  }
  if (j < count) {
    const a = codes[2 * j]!;
    const b = codes[2 * j + 1]!;
    const d = table[a & 0xffff]! + table[a >>> 16]! + table[b & 0xffff]! + table[b >>> 16]!;
    distances[j] = d;
    histogram[d]!++;
  }
}

/**
 * The one scan that needs the hashes: for each wanted distance (one slot per distinct one), the three
 * lowest (rank, position). Only candidates at a wanted distance pay for mix32.
 */
function scanLowestRanked(
  words: Uint32Array,
  hashes: Uint32Array,
  count: number,
  seed: number,
  wanted: number,
): void {
  topFill.fill(0);
  const bytes = scratch;
  const ones = 0x01010101;
  // Each wanted distance in all four bytes; an unwanted second or third repeats the first.
  const w0 = Math.imul(wanted & 0xff, ones);
  const w1 = Math.imul((wanted >>> 8) & 0xff, ones);
  const w2 = Math.imul(wanted >>> 16, ones);
  for (let k = 0, end = (count + 3) >>> 2; k < end; k++) {
    const word = words[k]!;
    let hits = zeroBytes(word ^ w0) | zeroBytes(word ^ w1) | zeroBytes(word ^ w2);
    // Usually no byte is wanted; else visit just the wanted ones (bit 8i + 7 marks byte i), lowest
    // first: on equal rank the earlier position must be seen first.
    while (hits !== 0) {
      const bit = 31 - Math.clz32(hits & -hits);
      hits ^= 1 << bit;
      const j = k * 4 + (bit >>> 3);
      consider(slotOf[bytes[j]!]! - 1, j, (seed ^ hashes[j]!) >>> 0);
    }
  }
}

/** 0x80 in each byte of x that is zero, 0 in the others (exact: no carry crosses a byte). */
function zeroBytes(x: number): number {
  return ~(((x & 0x7f7f7f7f) + 0x7f7f7f7f) | x | 0x7f7f7f7f);
}

/** Keeps candidate j in its slot's three lowest (rank, position); rank = mix32(seed ^ hash), inlined. */
function consider(slot: number, j: number, seeded: number): void {
  let x = seeded;
  x ^= x >>> 16;
  x = Math.imul(x, 0x85ebca6b);
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35);
  x ^= x >>> 16;
  const rank = x >>> 0;
  const base = slot * 3;
  const fill = topFill[slot]!;
  // Strict comparisons: on equal rank the earlier position stays ahead.
  if (fill === 3 && rank >= topRank[base + 2]!) return;
  let i = fill < 3 ? fill : 2;
  while (i > 0 && rank < topRank[base + i - 1]!) {
    topRank[base + i] = topRank[base + i - 1]!;
    topPosition[base + i] = topPosition[base + i - 1]!;
    i--;
  }
  topRank[base + i] = rank;
  topPosition[base + i] = j;
  if (fill < 3) topFill[slot] = fill + 1;
}

function firstUntaken(slot: number, takenA: number, takenB: number): number {
  const base = slot * 3;
  const fill = topFill[slot]!;
  for (let i = 0; i < fill; i++) {
    const position = topPosition[base + i]!;
    if (position !== takenA && position !== takenB) return position;
  }
  return NO_PICK;
}

/** The wanted distances of one seeker (wantedDistances). */
const wantedOf = new Int32Array(WANTED_STRIDE);

/**
 * Where a seeker's picks lie, from the histogram of their (non-excluded) distances: nearest (best),
 * farthest (worst), closest to the median (medium; −1 under three candidates), then the result slots of
 * farthest and middle: one slot per distinct distance, as they may coincide. Written to `into` from `at`,
 * WANTED_STRIDE numbers. Shared by the one- and four-seeker kernels and the SIMD kernel.
 */
export function wantedDistances(histogram: Int32Array, poolSize: number, into: Int32Array, at: number): void {
  let nearest = 0;
  while (histogram[nearest] === 0) nearest++;
  let farthest = FUSED_MAX_DISTANCE;
  while (histogram[farthest] === 0) farthest--;
  const middle = poolSize >= 3 ? closestToMedian(histogram, poolSize, nearest, farthest) : -1;
  const farSlot = farthest === nearest ? 0 : 1;
  into[at] = nearest;
  into[at + 1] = farthest;
  into[at + 2] = middle;
  into[at + 3] = farSlot;
  into[at + 4] = middle === nearest ? 0 : middle === farthest ? farSlot : 2;
}

/**
 * The distance for medium, exactly as tiers.ts: median percent of the pool (counted per distance in
 * `histogram`), then the closest percent left once best and worst are taken.
 */
export function closestToMedian(
  histogram: Int32Array,
  poolSize: number,
  nearest: number,
  farthest: number,
): number {
  const lower = Math.floor((poolSize - 1) / 2);
  const upper = Math.floor(poolSize / 2);
  let seen = 0;
  let lowerValue = -1;
  let median = 0;
  for (let distance = FUSED_MAX_DISTANCE; distance >= 0; distance--) {
    const n = histogram[distance]!;
    if (n === 0) continue;
    if (lowerValue < 0 && seen + n > lower) lowerValue = FUSED_PERCENT[distance]!;
    if (seen + n > upper) {
      median = (lowerValue + FUSED_PERCENT[distance]!) / 2;
      break;
    }
    seen += n;
  }
  let best = -1;
  let bestGap = Infinity;
  for (let distance = 0; distance <= FUSED_MAX_DISTANCE; distance++) {
    const left = histogram[distance]! - (distance === nearest ? 1 : 0) - (distance === farthest ? 1 : 0);
    if (left <= 0) continue;
    const gap = Math.abs(FUSED_PERCENT[distance]! - median);
    // From high to low percent: a strict < keeps the higher percent on equal gaps.
    if (gap < bestGap) {
      best = distance;
      bestGap = gap;
    }
  }
  return best;
}

export interface TierPick {
  position: number;
  distance: number;
}

/** The tiers of seeker `index` in a result array, shaped like chooseTiers' answer plus the distances. */
export function tiersAt(
  results: Int32Array,
  index: number,
): { tiers: Partial<Record<Tier, TierPick>>; poolSize: number } {
  const at = index * RESULT_STRIDE;
  const tiers: Partial<Record<Tier, TierPick>> = {};
  if (results[at]! !== NO_PICK) tiers.best = { position: results[at]!, distance: results[at + 1]! };
  if (results[at + 2]! !== NO_PICK) tiers.medium = { position: results[at + 2]!, distance: results[at + 3]! };
  if (results[at + 4]! !== NO_PICK) tiers.worst = { position: results[at + 4]!, distance: results[at + 5]! };
  return { tiers, poolSize: results[at + 6]! };
}
