/**
 * The group re-encoded once for the fused scan: each member's 19 choices as four base-5 numbers, questions
 * 1–5, 6–10, 11–15 and 16–19 (< 3125 each), offset by 4096 × chunk and two to a 32-bit word. A seeker then
 * precomputes one table, for every chunk and chunk value, of the partial distance (16 KB, in L1), and a
 * pair costs 2 loads and 4 lookups into that one table instead of 3 loads, 3 XORs and 5 popcount lookups
 * on the thermometer words. One table rather than four: V8 keeps the loop's few arrays in registers.
 * Encoding is linear in the group, paid once per group and shared by all its seekers. `fillChunkTable4`
 * packs four seekers' tables into one, a byte each, for fused-tiers4.ts.
 *
 * Erasable TypeScript only: the worker thread loads this file from source under Node's type stripping.
 */
import { BLOCK, PLANE_BLOCK_BYTES } from './simd-kernel.wat.js';

/**
 * A candidate group ready for scoring (`encodeGroup`): 2 code words and a hash per member, and the same
 * answers as byte planes for the WebAssembly SIMD kernel (`encodePlanes`).
 */
export interface ScoringGroup {
  codes: Uint32Array;
  planes: Uint8Array;
  hashes: Uint32Array;
  count: number;
}

/** Words per member in ScoringGroup.codes. */
export const CODE_WORDS = 2;
/** Chunk k's values start at k × CHUNK_SPAN in the seeker's table. */
const CHUNK_SPAN = 4096;
export const CHUNK_TABLE_SIZE = 4 * CHUNK_SPAN;
/** First question of each chunk, and one past the last. */
const CHUNK_START = [0, 5, 10, 15, 19];
const QUESTIONS = 19;

/** Choice − 1 (0…4) of question q in thermometer words at `base` (popcount of its 4-bit code). */
export function digit(words: ArrayLike<number>, base: number, q: number): number {
  const bit = q * 4;
  const code = (words[base + (bit >>> 5)]! >>> (bit & 31)) & 15;
  return (code & 1) + ((code >>> 1) & 1) + ((code >>> 2) & 1) + ((code >>> 3) & 1);
}

/**
 * The group with its answers as chunk codes and its hashes, both in SharedArrayBuffers so worker
 * threads read the same memory. `words` are packed-answers.ts thermometer words, 3 per member.
 */
export function encodeGroup(words: Uint32Array, hashes: Uint32Array, count: number): ScoringGroup {
  const codes = new Uint32Array(new SharedArrayBuffer(Math.max(1, count * CODE_WORDS) * 4));
  for (let j = 0; j < count; j++) {
    const base = j * 3;
    let c0 = 0;
    let c1 = 0;
    let c2 = 0;
    let c3 = 0;
    for (let q = 0; q < 5; q++) c0 = c0 * 5 + digit(words, base, q);
    for (let q = 5; q < 10; q++) c1 = c1 * 5 + digit(words, base, q);
    for (let q = 10; q < 15; q++) c2 = c2 * 5 + digit(words, base, q);
    for (let q = 15; q < QUESTIONS; q++) c3 = c3 * 5 + digit(words, base, q);
    codes[j * CODE_WORDS] = c0 | ((c1 + CHUNK_SPAN) << 16);
    codes[j * CODE_WORDS + 1] = (c2 + 2 * CHUNK_SPAN) | ((c3 + 3 * CHUNK_SPAN) << 16);
  }
  const shared = new Uint32Array(new SharedArrayBuffer(Math.max(1, count) * 4));
  shared.set(hashes.subarray(0, count));
  return { codes, planes: encodePlanes(words, count), hashes: shared, count };
}

/**
 * The group's choices as the SIMD kernel reads them (simd-kernel.wat.ts): per block of 16 members, 19
 * rows of 16 bytes, row q holding each member's choice − 1 on question q. Block-major, so a sweep reads
 * one stream; the last block is padded with zeros (the kernel never counts the padding).
 */
export function encodePlanes(words: Uint32Array, count: number): Uint8Array {
  const blocks = Math.ceil(count / BLOCK);
  const planes = new Uint8Array(new SharedArrayBuffer(Math.max(1, blocks * PLANE_BLOCK_BYTES)));
  for (let j = 0; j < count; j++) {
    const at = Math.floor(j / BLOCK) * PLANE_BLOCK_BYTES + (j % BLOCK);
    for (let q = 0; q < QUESTIONS; q++) planes[at + q * BLOCK] = digit(words, j * 3, q);
  }
  return planes;
}

const seeker = new Uint8Array(QUESTIONS);
const head = new Uint8Array(25);
const tail = new Uint8Array(125);

/**
 * Fills `table` (CHUNK_TABLE_SIZE) for the seeker with thermometer words (x0, x1, x2): entry
 * k × CHUNK_SPAN + v = Σ |choice − seeker's| over chunk k's questions for chunk value v. Built as an outer
 * sum of the first two questions and the rest, so each entry is one addition.
 */
export function fillChunkTable(table: Uint8Array, x0: number, x1: number, x2: number): void {
  const words = [x0, x1, x2];
  for (let q = 0; q < QUESTIONS; q++) seeker[q] = digit(words, 0, q);
  for (let chunk = 0; chunk < 4; chunk++) {
    const first = CHUNK_START[chunk]!;
    const rest = CHUNK_START[chunk + 1]! - first - 2;
    const restSize = 5 ** rest;
    partialDistances(head, first, 2);
    partialDistances(tail, first + 2, rest);
    for (let i = 0, v = chunk * CHUNK_SPAN; i < 25; i++) {
      const h = head[i]!;
      for (let k = 0; k < restSize; k++, v++) table[v] = h + tail[k]!;
    }
  }
}

/** into[v] = distance over questions [first, first + n) for every base-5 value v of n digits. */
function partialDistances(into: Uint8Array, first: number, n: number): void {
  into[0] = 0;
  let size = 1;
  for (let q = first; q < first + n; q++) {
    // Appending a digit: value v·5 + d gets into[v] + |d − seeker[q]|; fill backwards to reuse into[v].
    for (let v = size - 1; v >= 0; v--) {
      const partial = into[v]!;
      for (let d = 4; d >= 0; d--) into[v * 5 + d] = partial + Math.abs(d - seeker[q]!);
    }
    size *= 5;
  }
}

/** Lanes of a packed table: four seekers, one byte each (a distance ≤ 76 never carries into the next). */
export const LANES = 4;
/** Per question and choice (q × 5 + choice − 1), |choice − seeker's| of each lane, packed as in the table. */
const laneGaps = new Int32Array(QUESTIONS * 5);
const packedHead = new Int32Array(25);
const packedTail = new Int32Array(125);

/**
 * `fillChunkTable` for up to four seekers at once: entry v of `table` (CHUNK_TABLE_SIZE) holds lane i's
 * partial distance in byte i, so one lookup gives four and the sum of a member's four lookups holds the
 * four distances. `words` holds 3 thermometer words per seeker; lanes from `lanes` on stay zero.
 */
export function fillChunkTable4(table: Int32Array, words: ArrayLike<number>, lanes: number): void {
  laneGaps.fill(0);
  for (let lane = 0; lane < lanes; lane++) {
    const base = lane * 3;
    for (let q = 0; q < QUESTIONS; q++) {
      const own = digit(words, base, q);
      for (let d = 0; d < 5; d++) laneGaps[q * 5 + d]! += Math.abs(d - own) << (8 * lane);
    }
  }
  for (let chunk = 0; chunk < 4; chunk++) {
    const first = CHUNK_START[chunk]!;
    const rest = CHUNK_START[chunk + 1]! - first - 2;
    const restSize = 5 ** rest;
    packedPartials(packedHead, first, 2);
    packedPartials(packedTail, first + 2, rest);
    for (let i = 0, v = chunk * CHUNK_SPAN; i < 25; i++) {
      const h = packedHead[i]!;
      for (let k = 0; k < restSize; k++, v++) table[v] = h + packedTail[k]!;
    }
  }
}

/** `partialDistances` on packed lanes: one addition extends all four. */
function packedPartials(into: Int32Array, first: number, n: number): void {
  into[0] = 0;
  let size = 1;
  for (let q = first; q < first + n; q++) {
    for (let v = size - 1; v >= 0; v--) {
      const partial = into[v]!;
      for (let d = 4; d >= 0; d--) into[v * 5 + d] = partial + laneGaps[q * 5 + d]!;
    }
    size *= 5;
  }
}
