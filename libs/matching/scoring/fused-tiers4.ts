/**
 * `chooseTiersFused` for up to four seekers in one sweep of their group: the same picks for each, at
 * well under half the work a pair (seeker-batch.ts `scoreBatchJs` runs every batch through it where the
 * WebAssembly SIMD kernel, simd-tiers4.ts, is not loaded).
 *
 * 1. The seekers' chunk tables are packed into one (chunk-codes.ts `fillChunkTable4`, a byte per seeker),
 *    so a member's 2 code words and 4 lookups sum to its four distances in one 32-bit word (no byte
 *    carries: a distance is at most 76), kept per member for the scan.
 * 2. Each seeker's histogram: in a large group two joint histograms, lanes (0, 1) and (2, 3), indexed by
 *    the word's low and high 16 bits (two increments a member instead of four), each lane's summed out
 *    after the pass; in a smaller group (below JOINT_FROM) four plain ones, counted from the words.
 * 3. Exclusions, then each seeker's wanted distances exactly as the single kernel decides them.
 * 4. The scan: two lookups of the word in the hit tables say which lanes are at a wanted distance; the
 *    members with any are listed without a branch (about one member in five: medium's distance holds a
 *    few percent of a pool, too many for a branch to predict), and only those lanes pay for the rank.
 *
 * About 0.9 MB of scratch per thread, mostly 16-bit-indexed tables of which a sweep touches a few KB.
 * Erasable TypeScript importing only its siblings: the worker thread loads it from source.
 */
import { CHUNK_TABLE_SIZE, fillChunkTable4, LANES, type ScoringGroup } from './chunk-codes.js';
import { FUSED_MAX_DISTANCE, NO_PICK, RESULT_STRIDE, WANTED_STRIDE, wantedDistances } from './fused-tiers.js';

const SIZE = FUSED_MAX_DISTANCE + 1;
/**
 * A lane's byte in a word of distances for a member excluded from that seeker's pool: no distance, but
 * inside the hit tables (markHits), so that the member still counts for the word's other lanes.
 */
const EXCLUDED = SIZE;
/** Joint histogram index: first lane's distance + ROW × second lane's (the word's 16 bits as they are). */
const ROW = 256;
/**
 * Tables indexed by 16 bits are that long: V8 then proves every index in bounds and drops the checks
 * from the hot loops (the untouched rest costs address space, not cache).
 */
const SPAN16 = 1 << 16;
/**
 * Group size from which the joint histograms pay: they save two increments a member but cost a fixed
 * 77 × 77 sum per sweep. Exported for the property test, which covers both sides.
 */
export const JOINT_FROM = 16_384;

// Per-thread scratch, module constants so the optimised loops address them directly (as fused-tiers.ts).
const table = new Int32Array(Math.max(SPAN16, CHUNK_TABLE_SIZE));
const jointLow = new Int32Array(SPAN16);
const jointHigh = new Int32Array(SPAN16);
/** Lane i's histogram at i × SIZE. */
const laneHistograms = new Int32Array(LANES * SIZE);
/** One lane's histogram, as closestToMedian reads it. */
const histogram = new Int32Array(SIZE);
/** Per lane (256 entries each), slot + 1 of each wanted distance, 0 elsewhere. */
const slotOf = new Uint8Array(LANES * 256);
/** Per lane and slot (lane × 3 + slot), the three lowest (rank, position), and how many are kept. */
const topRank = new Float64Array(LANES * 9);
const topPosition = new Int32Array(LANES * 9);
const topFill = new Int32Array(LANES * 3);
/** Per lane and slot, the rank a candidate must be below to be kept: above all until three are kept. */
const rankBound = new Float64Array(LANES * 3);
const NO_BOUND = 2 ** 32;
const seedOf = new Int32Array(LANES);
const poolOf = new Int32Array(LANES);
/** Per lane: nearest, farthest, middle (−1 without medium), then the slots of farthest and middle. */
const picksOf = new Int32Array(LANES * WANTED_STRIDE);
const laneWords = new Int32Array(LANES * 3);
/**
 * Indexed by a word's low 16 bits (lanes 0 and 1's distances): bit 0 set if lane 0's is one it wants, bit
 * 1 if lane 1's; hitsHigh likewise for the high 16 bits, bits 2 and 3 (filled up to EXCLUDED, never wanted).
 */
const hitsLow = new Uint8Array(SPAN16);
const hitsHigh = new Uint8Array(SPAN16);
let packed = new Int32Array(0);
/** The scan's list of members with a lane at a wanted distance (each written before it is counted). */
let hitMembers = new Int32Array(0);

/**
 * Tiers for one to four seekers (`excluded.length` of them) against the group, as `chooseTiersFused`
 * for each: seeker i has thermometer words `words[3i…3i+2]`, tie-break seed `seeds[i]` and excluded
 * positions `excluded[i]` (duplicates and out-of-range ignored), and gets RESULT_STRIDE numbers at
 * `at + i × RESULT_STRIDE` of `out`.
 */
export function chooseTiersFused4(
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
  if (packed.length < count) {
    packed = new Int32Array(Math.max(count, packed.length * 2));
    hitMembers = new Int32Array(packed.length);
  }
  laneWords.fill(0);
  for (let i = 0; i < lanes * 3; i++) laneWords[i] = words[i]!;
  fillChunkTable4(table, laneWords, lanes);
  if (count >= JOINT_FROM) {
    distancePass4(group.codes, count, packed);
    marginals();
  } else {
    distancesOnly(group.codes, count, packed);
    countLanes(packed, count);
  }

  for (let lane = 0; lane < LANES; lane++) {
    seedOf[lane] = lane < lanes ? seeds[lane]! : 0;
    poolOf[lane] = lane < lanes ? count - excludeAll(excluded[lane]!, lane, count) : 0;
  }
  for (let lane = 0; lane < LANES; lane++) markWanted(lane);
  markHits(true);
  scan4(packed, group.hashes, count);
  markHits(false);
  for (let lane = 0; lane < lanes; lane++) writeResult(lane, out, at + lane * RESULT_STRIDE);
}

/**
 * The hot loop: 2 code words and 4 lookups a member give its distance to all four seekers; the word is
 * kept for the scan and counted in the two joint histograms. A function of its own, as in fused-tiers.ts.
 */
function distancePass4(codes: Uint32Array, count: number, distances: Int32Array): void {
  const lookup = table;
  const low = jointLow;
  const high = jointHigh;
  for (let j = 0; j < count; j++) {
    const a = codes[j << 1]!;
    const b = codes[(j << 1) | 1]!;
    // | 0: no lane carries (each ≤ 76), so the sum needs no overflow check.
    const s = (lookup[a & 0xffff]! + lookup[a >>> 16]! + lookup[b & 0xffff]! + lookup[b >>> 16]!) | 0;
    distances[j] = s;
    low[s & 0xffff]!++;
    high[s >>> 16]!++;
  }
}

/** Each lane's histogram, summed out of the joint ones, which are cleared for the next sweep. */
function marginals(): void {
  const lanes = laneHistograms;
  lanes.fill(0);
  for (let second = 0; second < SIZE; second++) {
    let low = 0;
    let high = 0;
    for (let first = 0, i = second * ROW; first < SIZE; first++, i++) {
      const a = jointLow[i]!;
      const b = jointHigh[i]!;
      lanes[first]! += a;
      lanes[2 * SIZE + first]! += b;
      low += a;
      high += b;
      jointLow[i] = 0;
      jointHigh[i] = 0;
    }
    lanes[SIZE + second] = low;
    lanes[3 * SIZE + second] = high;
  }
}

/** distancePass4 without the histograms, for a small group: their fixed cost would outweigh it. */
function distancesOnly(codes: Uint32Array, count: number, distances: Int32Array): void {
  const lookup = table;
  for (let j = 0; j < count; j++) {
    const a = codes[j << 1]!;
    const b = codes[(j << 1) | 1]!;
    distances[j] = (lookup[a & 0xffff]! + lookup[a >>> 16]! + lookup[b & 0xffff]! + lookup[b >>> 16]!) | 0;
  }
}

/** Each lane's histogram straight from the words: four increments a member, no fixed cost. */
function countLanes(words: Int32Array, count: number): void {
  const lanes = laneHistograms;
  lanes.fill(0);
  for (let j = 0; j < count; j++) {
    const word = words[j]!;
    lanes[word & 0xff]!++;
    lanes[SIZE + ((word >>> 8) & 0xff)]!++;
    lanes[2 * SIZE + ((word >>> 16) & 0xff)]!++;
    lanes[3 * SIZE + (word >>> 24)]!++;
  }
}

/** Takes lane's excluded positions out of its histogram and its byte of the words; returns how many. */
function excludeAll(excluded: ArrayLike<number>, lane: number, count: number): number {
  const shift = 8 * lane;
  const base = lane * SIZE;
  let removed = 0;
  for (let k = 0; k < excluded.length; k++) {
    const j = excluded[k]!;
    if (j < 0 || j >= count) continue;
    const distance = (packed[j]! >>> shift) & 0xff;
    if (distance === EXCLUDED) continue;
    laneHistograms[base + distance]!--;
    packed[j] = (packed[j]! & ~(0xff << shift)) | (EXCLUDED << shift);
    removed++;
  }
  return removed;
}

/** Decides lane's wanted distances as `chooseTiersFused` does and marks them in slotOf (none if empty). */
function markWanted(lane: number): void {
  const poolSize = poolOf[lane]!;
  topFill.fill(0, lane * 3, lane * 3 + 3);
  rankBound.fill(NO_BOUND, lane * 3, lane * 3 + 3);
  if (poolSize === 0) return;
  const base = lane * SIZE;
  for (let d = 0; d < SIZE; d++) histogram[d] = laneHistograms[base + d]!;
  const at = lane * WANTED_STRIDE;
  wantedDistances(histogram, poolSize, picksOf, at);
  const marks = lane * 256;
  slotOf[marks + picksOf[at]!] = 1;
  slotOf[marks + picksOf[at + 1]!] = picksOf[at + 3]! + 1;
  if (picksOf[at + 2]! >= 0) slotOf[marks + picksOf[at + 2]!] = picksOf[at + 4]! + 1;
}

/**
 * Sets (or, after the scan, clears) this sweep's wanted distances in hitsLow and hitsHigh: for each lane
 * and wanted distance, the row or column of entries with that distance in the lane's byte.
 */
function markHits(set: boolean): void {
  for (let lane = 0; lane < LANES; lane++) {
    if (poolOf[lane]! === 0) continue;
    const hits = lane < 2 ? hitsLow : hitsHigh;
    const bit = set ? 1 << lane : 0;
    // Even lanes are the low byte of their 16 bits: a column, stride ROW; odd lanes the high byte: a row.
    const step = (lane & 1) === 0 ? ROW : 1;
    const scale = (lane & 1) === 0 ? 1 : ROW;
    for (let k = 0; k < 3; k++) {
      const distance = picksOf[lane * WANTED_STRIDE + k]!;
      if (distance < 0) continue;
      for (let other = 0, i = distance * scale; other <= EXCLUDED; other++, i += step) {
        hits[i] = set ? hits[i]! | bit : 0;
      }
    }
  }
}

/**
 * The one pass that needs the hashes, in two loops. First the members with a lane at one of its wanted
 * distances (two lookups a member) are listed, without a branch: about one member in five has one
 * (medium's distance holds a few percent of a pool), too many for a branch to predict. Then only the
 * listed lanes pay for the rank. Members stay in order, so on equal rank the earlier position is seen
 * first in every lane.
 */
function scan4(words: Int32Array, hashes: Uint32Array, count: number): void {
  const listed = collectHits(words, count);
  const members = hitMembers;
  const bound = rankBound;
  for (let k = 0; k < listed; k++) {
    const j = members[k]!;
    const word = words[j]!;
    const hash = hashes[j]!;
    let hits = hitsLow[word & 0xffff]! | hitsHigh[word >>> 16]!;
    do {
      const lane = 31 - Math.clz32(hits & -hits);
      hits &= hits - 1;
      const slot = lane * 3 + slotOf[(lane << 8) | ((word >>> (lane << 3)) & 0xff)]! - 1;
      // rank = mix32(seed ^ hash) (tiebreak.ts), inlined; most candidates stop at the bound.
      let x = seedOf[lane]! ^ hash;
      x ^= x >>> 16;
      x = Math.imul(x, 0x85ebca6b);
      x ^= x >>> 13;
      x = Math.imul(x, 0xc2b2ae35);
      x ^= x >>> 16;
      const rank = x >>> 0;
      if (rank < bound[slot]!) keep(slot, j, rank);
    } while (hits !== 0);
  }
}

/** Lists in hitMembers the members with a lane at one of its wanted distances; returns how many. */
function collectHits(words: Int32Array, count: number): number {
  const members = hitMembers;
  const low = hitsLow;
  const high = hitsHigh;
  let listed = 0;
  for (let j = 0; j < count; j++) {
    const word = words[j]!;
    members[listed] = j;
    // Lane bits 0…15: + 15 carries into bit 4 exactly when there is one.
    listed += ((low[word & 0xffff]! | high[word >>> 16]!) + 15) >>> 4;
  }
  return listed;
}

/**
 * Keeps candidate j among its (lane, slot)'s three lowest (rank, position), below that slot's bound: the
 * third lowest rank once there are three (strict: on equal rank the earlier position stays ahead).
 */
function keep(slot: number, j: number, rank: number): void {
  const base = slot * 3;
  const fill = topFill[slot]!;
  let i = fill < 3 ? fill : 2;
  while (i > 0 && rank < topRank[base + i - 1]!) {
    topRank[base + i] = topRank[base + i - 1]!;
    topPosition[base + i] = topPosition[base + i - 1]!;
    i--;
  }
  topRank[base + i] = rank;
  topPosition[base + i] = j;
  if (fill < 3) topFill[slot] = fill + 1;
  if (fill >= 2) rankBound[slot] = topRank[base + 2]!;
}

/** Lane's picks into `out` at `at` (the layout of fused-tiers.ts), and its slotOf marks cleared. */
function writeResult(lane: number, out: Int32Array, at: number): void {
  const poolSize = poolOf[lane]!;
  out.fill(NO_PICK, at, at + RESULT_STRIDE - 1);
  out[at + 6] = poolSize;
  if (poolSize === 0) return;
  const picks = lane * WANTED_STRIDE;
  const nearest = picksOf[picks]!;
  const farthest = picksOf[picks + 1]!;
  const middle = picksOf[picks + 2]!;
  const marks = lane * 256;
  slotOf[marks + nearest] = 0;
  slotOf[marks + farthest] = 0;
  if (middle >= 0) slotOf[marks + middle] = 0;
  const best = topPosition[lane * 9]!;
  out[at] = best;
  out[at + 1] = nearest;
  if (poolSize >= 2) {
    const worst = firstUntaken(lane * 3 + picksOf[picks + 3]!, best, NO_PICK);
    out[at + 4] = worst;
    out[at + 5] = farthest;
    if (poolSize >= 3) {
      out[at + 2] = firstUntaken(lane * 3 + picksOf[picks + 4]!, best, worst);
      out[at + 3] = middle;
    }
  }
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
