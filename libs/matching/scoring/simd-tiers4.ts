/**
 * Tier choice on the scoring kernel (simd-kernel.wat), for up to four seekers a sweep of their group: the
 * same picks as domain/tiers.ts `chooseTiers` with the tie-break rank `mix32(seed ^ hashes[j])`, which the
 * property tests in simd-tiers4.spec.ts check.
 *
 * 1. Per seeker and question a 16-byte lookup table, |choice − seeker's choice| by choice; the kernel runs
 *    each plane of 16 members' choices through the four seekers' tables (one i8x16.relaxed_swizzle each)
 *    and sums 19 questions into four distance vectors, kept as one word per member (lane i in byte i).
 * 2. Histograms: joint ones for a large group (two increments a member), four plain ones below
 *    SIMD_JOINT_FROM, where the joint ones' fixed cost would outweigh them.
 * 3. Here: exclusions, and each seeker's wanted distances from their histogram (`wantedDistances`).
 * 4. The kernel's scan compares sixteen words at a time with the wanted distances and ranks only the hits.
 *
 * Erasable TypeScript importing only its siblings: the worker thread loads it from source under Node's
 * type stripping, where the quiz barrel behind domain/compatibility.ts cannot load; the spec pins the
 * constants below to the domain's.
 */
import type { Tier } from '../domain/tiers.js';
import {
  BLOCK,
  BOUND,
  EXCLUDED,
  LANE_HISTOGRAMS,
  LANE_STRIDE,
  LANES,
  QUESTIONS,
  SEEDS,
  SIZE,
  SLOTS,
  TABLES,
  TOP_FILL,
  TOP_POSITION,
  WANTED,
} from './kernel-layout.js';
import { digit, type ScoringGroup } from './scoring-group.js';
import type { SimdKernel } from './simd-kernel.js';

/** 19 questions × widest gap 4; percent = round(100 × (1 − D / 76)), as domain/compatibility.ts. */
export const KERNEL_MAX_DISTANCE = SIZE - 1;
export const KERNEL_PERCENT: Uint8Array = Uint8Array.from({ length: SIZE }, (_, d) =>
  Math.round(100 * (1 - d / KERNEL_MAX_DISTANCE)),
);

/** Per seeker in a result array: best, its distance, medium, its distance, worst, its distance, pool size. */
export const RESULT_STRIDE = 7;
/** Numbers wantedDistances writes per seeker: nearest, farthest, middle, farSlot, midSlot. */
const WANTED_STRIDE = 5;
/** Marks an absent tier (position and distance) in a result array. */
export const NO_PICK = -1;

/**
 * Group size from which the joint histograms pay: they save a little per member and cost a fixed amount
 * a sweep (marginals). Exported for the property test, which covers both sides.
 */
export const SIMD_JOINT_FROM = 6144;
/** A packed word excluded in every lane: the padding past the group, which the scan reads in whole blocks. */
const EXCLUDED_WORD = EXCLUDED * 0x01010101;
/** In a wanted vector, a lane with nothing wanted: no distance has that byte. */
const NOTHING = 0xff;

/** One lane's histogram, as closestToMedian reads it. */
const histogram = new Int32Array(SIZE);
const poolOf = new Int32Array(LANES);
/** Per lane: nearest, farthest, middle (−1 without medium), then the slots of farthest and middle. */
const picksOf = new Int32Array(LANES * WANTED_STRIDE);

/**
 * Tiers for one to four seekers (`excluded.length` of them): seeker i has
 * thermometer words `words[3i…3i+2]`, tie-break seed `seeds[i]` and excluded positions `excluded[i]`
 * (duplicates and out-of-range ignored), and gets RESULT_STRIDE numbers at `at + i × RESULT_STRIDE`.
 */
export function chooseTiersSimd4(
  kernel: SimdKernel,
  group: ScoringGroup,
  words: ArrayLike<number>,
  seeds: ArrayLike<number>,
  excluded: readonly ArrayLike<number>[],
  out: Int32Array,
  at: number,
): void {
  const lanes = excluded.length;
  if (lanes < 1 || lanes > LANES) throw new RangeError(`1 to ${LANES} seekers at once, got ${lanes}`);
  const count = group.count;
  const blocks = Math.ceil(count / BLOCK);
  kernel.load(group);
  fillTables(kernel.bytes, words, lanes);
  kernel.exports.distances(kernel.planes, kernel.packed, blocks);
  const firstWord = kernel.packed >>> 2;
  kernel.words.fill(EXCLUDED_WORD, firstWord + count, firstWord + blocks * BLOCK);
  if (count >= SIMD_JOINT_FROM) {
    kernel.exports.countJoint(kernel.packed, count);
    kernel.exports.marginals();
  } else {
    kernel.exports.countLanes(kernel.packed, count);
  }

  for (let lane = 0; lane < LANES; lane++) {
    poolOf[lane] = lane < lanes ? count - excludeAll(kernel, excluded[lane]!, lane, count) : 0;
    kernel.words[(SEEDS >>> 2) + lane] = lane < lanes ? seeds[lane]! : 0;
    markWanted(kernel, lane);
  }
  resetLowest(kernel);
  kernel.exports.scan(kernel.packed, kernel.hashes, blocks);
  for (let lane = 0; lane < lanes; lane++) writeResult(kernel, lane, out, at + lane * RESULT_STRIDE);
  for (let lane = 0; lane < LANES; lane++) clearSlots(kernel, lane);
}

/**
 * The lanes' lookup tables: byte c of (question q, lane) = |c − the seeker's choice − 1|. Lanes from `lanes`
 * on get zeros: their distances are computed but never wanted.
 */
function fillTables(bytes: Uint8Array, words: ArrayLike<number>, lanes: number): void {
  for (let lane = 0; lane < LANES; lane++) {
    for (let q = 0; q < QUESTIONS; q++) {
      const own = lane < lanes ? digit(words, lane * 3, q) : -1;
      const table = TABLES + (q * LANES + lane) * BLOCK;
      for (let choice = 0; choice < 5; choice++) bytes[table + choice] = own < 0 ? 0 : Math.abs(choice - own);
    }
  }
}

/** Takes lane's excluded positions out of its histogram and its byte of the words; returns how many. */
function excludeAll(kernel: SimdKernel, excluded: ArrayLike<number>, lane: number, count: number): number {
  const bytes = kernel.bytes;
  const histogramAt = (LANE_HISTOGRAMS + lane * LANE_STRIDE) >>> 2;
  let removed = 0;
  for (let k = 0; k < excluded.length; k++) {
    const j = excluded[k]!;
    if (j < 0 || j >= count) continue;
    const byte = kernel.packed + 4 * j + lane;
    const distance = bytes[byte]!;
    if (distance === EXCLUDED) continue;
    kernel.words[histogramAt + distance]!--;
    bytes[byte] = EXCLUDED;
    removed++;
  }
  return removed;
}

/**
 * Decides lane's wanted distances (`wantedDistances`): writes them into the lane's bytes of the
 * wanted vectors (NOTHING for an empty pool) and marks their slots.
 */
function markWanted(kernel: SimdKernel, lane: number): void {
  const poolSize = poolOf[lane]!;
  const at = lane * WANTED_STRIDE;
  if (poolSize === 0) {
    picksOf.fill(-1, at, at + 3);
    setWanted(kernel.bytes, lane, NOTHING, NOTHING, NOTHING);
    return;
  }
  const from = (LANE_HISTOGRAMS + lane * LANE_STRIDE) >>> 2;
  histogram.set(kernel.words.subarray(from, from + SIZE));
  wantedDistances(histogram, poolSize, picksOf, at);
  const nearest = picksOf[at]!;
  const farthest = picksOf[at + 1]!;
  const middle = picksOf[at + 2]!;
  const marks = SLOTS + lane * 256;
  kernel.bytes[marks + nearest] = 1;
  kernel.bytes[marks + farthest] = picksOf[at + 3]! + 1;
  if (middle >= 0) kernel.bytes[marks + middle] = picksOf[at + 4]! + 1;
  // Without medium the third vector repeats nearest: it matches nothing new.
  setWanted(kernel.bytes, lane, nearest, farthest, middle >= 0 ? middle : nearest);
}

/** Lane's byte of each of the four words in the three wanted vectors. */
function setWanted(bytes: Uint8Array, lane: number, nearest: number, farthest: number, middle: number): void {
  for (let member = 0; member < 4; member++) {
    bytes[WANTED + 4 * member + lane] = nearest;
    bytes[WANTED + 16 + 4 * member + lane] = farthest;
    bytes[WANTED + 32 + 4 * member + lane] = middle;
  }
}

/** Every slot empty, its bound 2³² (an i64 as two little-endian words) so any rank is kept. */
function resetLowest(kernel: SimdKernel): void {
  const words = kernel.words;
  for (let slot = 0; slot < LANES * 3; slot++) {
    words[(TOP_FILL >>> 2) + slot] = 0;
    words[(BOUND >>> 2) + 2 * slot] = 0;
    words[(BOUND >>> 2) + 2 * slot + 1] = 1;
  }
}

/** Lane's picks into `out` at `at` (RESULT_STRIDE numbers). */
function writeResult(kernel: SimdKernel, lane: number, out: Int32Array, at: number): void {
  const poolSize = poolOf[lane]!;
  out.fill(NO_PICK, at, at + RESULT_STRIDE - 1);
  out[at + 6] = poolSize;
  if (poolSize === 0) return;
  const picks = lane * WANTED_STRIDE;
  const best = firstUntaken(kernel, lane * 3, NO_PICK, NO_PICK);
  out[at] = best;
  out[at + 1] = picksOf[picks]!;
  if (poolSize >= 2) {
    const worst = firstUntaken(kernel, lane * 3 + picksOf[picks + 3]!, best, NO_PICK);
    out[at + 4] = worst;
    out[at + 5] = picksOf[picks + 1]!;
    if (poolSize >= 3) {
      out[at + 2] = firstUntaken(kernel, lane * 3 + picksOf[picks + 4]!, best, worst);
      out[at + 3] = picksOf[picks + 2]!;
    }
  }
}

/** The lowest-ranked position kept in `slot` that is neither taken one. */
function firstUntaken(kernel: SimdKernel, slot: number, takenA: number, takenB: number): number {
  const words = kernel.words;
  const fill = words[(TOP_FILL >>> 2) + slot]!;
  for (let i = 0; i < fill; i++) {
    const position = words[(TOP_POSITION >>> 2) + slot * 3 + i]!;
    if (position !== takenA && position !== takenB) return position;
  }
  return NO_PICK;
}

/** Clears lane's slot marks for the next sweep. */
function clearSlots(kernel: SimdKernel, lane: number): void {
  for (let k = 0; k < 3; k++) {
    const distance = picksOf[lane * WANTED_STRIDE + k]!;
    if (distance >= 0) kernel.bytes[SLOTS + lane * 256 + distance] = 0;
  }
}

/**
 * Where a seeker's picks lie, from the histogram of their (non-excluded) distances: nearest (best),
 * farthest (worst), closest to the median (medium; −1 under three candidates), then the result slots of
 * farthest and middle: one slot per distinct distance, as they may coincide. Written to `into` from `at`,
 * WANTED_STRIDE numbers.
 */
function wantedDistances(histogram: Int32Array, poolSize: number, into: Int32Array, at: number): void {
  let nearest = 0;
  while (histogram[nearest] === 0) nearest++;
  let farthest = KERNEL_MAX_DISTANCE;
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
 * The distance for medium, as domain/tiers.ts: median percent of the pool (counted per distance in
 * `histogram`), then the closest percent left once best and worst are taken.
 */
function closestToMedian(histogram: Int32Array, poolSize: number, nearest: number, farthest: number): number {
  const lower = Math.floor((poolSize - 1) / 2);
  const upper = Math.floor(poolSize / 2);
  let seen = 0;
  let lowerValue = -1;
  let median = 0;
  for (let distance = KERNEL_MAX_DISTANCE; distance >= 0; distance--) {
    const n = histogram[distance]!;
    if (n === 0) continue;
    if (lowerValue < 0 && seen + n > lower) lowerValue = KERNEL_PERCENT[distance]!;
    if (seen + n > upper) {
      median = (lowerValue + KERNEL_PERCENT[distance]!) / 2;
      break;
    }
    seen += n;
  }
  let best = -1;
  let bestGap = Infinity;
  for (let distance = 0; distance <= KERNEL_MAX_DISTANCE; distance++) {
    const left = histogram[distance]! - (distance === nearest ? 1 : 0) - (distance === farthest ? 1 : 0);
    if (left <= 0) continue;
    const gap = Math.abs(KERNEL_PERCENT[distance]! - median);
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
