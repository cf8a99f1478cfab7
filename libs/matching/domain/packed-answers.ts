import { QUESTION_COUNT } from '../../quiz/index.js';

/**
 * Answer vectors packed for fast exact scoring of many pairs. Each choice c ∈ 1…5 becomes a 4-bit
 * "thermometer" code (c − 1 ones from the bottom: 1 → 0000, 3 → 0011, 5 → 1111); then |a − b| is the
 * number of differing bits, and the whole distance D = Σ |a_i − b_i| is one popcount of XORed words.
 * 19 questions × 4 bits = 76 bits = three 32-bit words per user. This gives exactly the same D as the
 * plain loop in compatibility.ts, in about a third of the work.
 */
export const WORDS_PER_VECTOR = 3;
const THERMOMETER = [0, 0b0000, 0b0001, 0b0011, 0b0111, 0b1111];

/** Writes the packed form of `choices` into `words` at vector index `index`. */
export function packChoices(choices: ArrayLike<number>, words: Uint32Array, index: number): void {
  const base = index * WORDS_PER_VECTOR;
  words[base] = 0;
  words[base + 1] = 0;
  words[base + 2] = 0;
  for (let q = 0; q < QUESTION_COUNT; q++) {
    const code = THERMOMETER[choices[q]!];
    if (code === undefined) throw new RangeError(`Choice for Q${q + 1} must be 1–5, got ${choices[q]}`);
    const bit = q * 4;
    words[base + (bit >>> 5)]! |= code << (bit & 31);
  }
}

/** Bits set in every 16-bit value: 64 KB that stays in cache, cheaper here than SWAR popcount. */
const POPCOUNT16: Uint8Array = (() => {
  const table = new Uint8Array(1 << 16);
  for (let value = 1; value < table.length; value++) table[value] = table[value >>> 1]! + (value & 1);
  return table;
})();

/** D between vector i of `a` and vector j of `b`. */
export function packedDistance(a: Uint32Array, i: number, b: Uint32Array, j: number): number {
  const ai = i * WORDS_PER_VECTOR;
  const bj = j * WORDS_PER_VECTOR;
  const x = a[ai]! ^ b[bj]!;
  const y = a[ai + 1]! ^ b[bj + 1]!;
  const z = a[ai + 2]! ^ b[bj + 2]!;
  return (
    POPCOUNT16[x & 0xffff]! +
    POPCOUNT16[x >>> 16]! +
    POPCOUNT16[y & 0xffff]! +
    POPCOUNT16[y >>> 16]! +
    POPCOUNT16[z & 0xffff]!
  );
}

/**
 * The hot loop: distances from one packed vector (words x0, x1, x2) to candidates [from, to) of `words`,
 * written to `out[j - from]`. Kept free of calls and allocation so the JIT keeps everything in registers.
 * The third word holds only 76 − 64 = 12 bits, so its upper half is always zero.
 */
export function distancesFrom(
  x0: number,
  x1: number,
  x2: number,
  words: Uint32Array,
  from: number,
  to: number,
  out: Uint8Array,
): void {
  const pop = POPCOUNT16;
  for (let j = from, w = from * WORDS_PER_VECTOR; j < to; j++, w += WORDS_PER_VECTOR) {
    const x = x0 ^ words[w]!;
    const y = x1 ^ words[w + 1]!;
    const z = x2 ^ words[w + 2]!;
    out[j - from] = pop[x & 0xffff]! + pop[x >>> 16]! + pop[y & 0xffff]! + pop[y >>> 16]! + pop[z & 0xffff]!;
  }
}
