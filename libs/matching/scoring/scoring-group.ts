/**
 * A candidate group as the scoring kernel reads it: each member's 19 choices as byte planes (see
 * kernel-layout.ts) and their tie-break hashes, both in SharedArrayBuffers so the worker threads read the
 * same memory. Encoding is linear in the group, paid once per version of the group (PoolGroup.scoring).
 *
 * Erasable TypeScript importing only its siblings: the worker thread loads it from source.
 */
import { BLOCK, PLANE_BLOCK_BYTES, QUESTIONS } from './kernel-layout.js';

export interface ScoringGroup {
  planes: Uint8Array;
  hashes: Uint32Array;
  count: number;
}

/** Choice − 1 (0…4) of question q in thermometer words at `base` (popcount of its 4-bit code). */
export function digit(words: ArrayLike<number>, base: number, q: number): number {
  const bit = q * 4;
  const code = (words[base + (bit >>> 5)]! >>> (bit & 31)) & 15;
  return (code & 1) + ((code >>> 1) & 1) + ((code >>> 2) & 1) + ((code >>> 3) & 1);
}

/**
 * The group of `count` members from their packed-answers.ts thermometer words (3 per member) and hashes.
 * Planes: per block of 16 members, 19 rows of 16 bytes, row q holding each member's choice − 1 on question
 * q; the last block is padded with zeros (the kernel never counts the padding).
 */
export function encodeGroup(words: Uint32Array, hashes: Uint32Array, count: number): ScoringGroup {
  const blocks = Math.ceil(count / BLOCK);
  const planes = new Uint8Array(new SharedArrayBuffer(Math.max(1, blocks * PLANE_BLOCK_BYTES)));
  for (let j = 0; j < count; j++) {
    const at = Math.floor(j / BLOCK) * PLANE_BLOCK_BYTES + (j % BLOCK);
    for (let q = 0; q < QUESTIONS; q++) planes[at + q * BLOCK] = digit(words, j * 3, q);
  }
  const shared = new Uint32Array(new SharedArrayBuffer(Math.max(1, count) * 4));
  shared.set(hashes.subarray(0, count));
  return { planes, hashes: shared, count };
}
