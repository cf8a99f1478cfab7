import { MAX_DISTANCE, PERCENT_BY_DISTANCE } from '../domain/compatibility.js';
import { distancesFrom, packChoices, WORDS_PER_VECTOR } from '../domain/packed-answers.js';
import { mix32 } from '../domain/tiebreak.js';
import { chooseTiers, type Tier } from '../domain/tiers.js';
import { encodeGroup, type ScoringGroup } from './scoring-group.js';
import { ScoringPool } from './scoring-pool.js';
import { encodeSeekers, scoreBatch } from './seeker-batch.js';
import {
  KERNEL_MAX_DISTANCE,
  KERNEL_PERCENT,
  RESULT_STRIDE,
  SIMD_JOINT_FROM,
  tiersAt,
} from './simd-tiers4.js';

/** A small deterministic generator, so a failure names a reproducible round. */
function generator(seed: number) {
  let state = seed >>> 0;
  return (bound: number) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return Math.floor((state / 2 ** 32) * bound);
  };
}

interface Case {
  seeker: number[];
  seed: number;
  excluded: number[];
}

/** The tiers in a result array's order (simd-tiers4.ts). */
const RESULT_ORDER: readonly Tier[] = ['best', 'medium', 'worst'];

/** distancesFrom + chooseTiers (domain/tiers.ts) written in the result layout: the oracle. */
function reference(words: Uint32Array, hashes: Uint32Array, count: number, cases: Case[]): Int32Array {
  const results = new Int32Array(cases.length * RESULT_STRIDE).fill(-1);
  const distances = new Uint8Array(count);
  cases.forEach(({ seeker, seed, excluded }, i) => {
    distancesFrom(seeker[0]!, seeker[1]!, seeker[2]!, words, 0, count, distances);
    const { tiers, poolSize } = chooseTiers(distances, count, excluded, (j) => mix32(seed ^ hashes[j]!));
    RESULT_ORDER.forEach((tier, t) => {
      const position = tiers[tier];
      if (position === undefined) return;
      results[i * RESULT_STRIDE + 2 * t] = position;
      results[i * RESULT_STRIDE + 2 * t + 1] = distances[position]!;
    });
    results[i * RESULT_STRIDE + 6] = poolSize;
  });
  return results;
}

/** The kernel's results against the oracle's, seeker by seeker. */
function check(
  raw: { words: Uint32Array; hashes: Uint32Array; count: number },
  group: ScoringGroup,
  cases: Case[],
  label: string,
): void {
  const batch = encodeSeekers(cases.map(({ seeker, seed, excluded }) => ({ words: seeker, seed, excluded })));
  const kernel = scoreBatch(group, batch);
  const expected = reference(raw.words, raw.hashes, raw.count, cases);
  cases.forEach((_, i) => {
    const actual = JSON.stringify(tiersAt(kernel, i));
    const wanted = JSON.stringify(tiersAt(expected, i));
    if (actual !== wanted)
      throw new Error(
        `${label}, seeker ${i} of ${cases.length}: kernel ${actual} ≠ domain/tiers.ts ${wanted}`,
      );
  });
  expect([...kernel]).toEqual([...expected]);
}

describe('tier choice on the WebAssembly kernel', () => {
  it('uses the domain constants (it cannot import them: the worker loads it from source)', () => {
    expect(KERNEL_MAX_DISTANCE).toBe(MAX_DISTANCE);
    expect([...KERNEL_PERCENT]).toEqual([...PERCENT_BY_DISTANCE]);
  });

  it('picks best, worst and then medium in tiny pools, none when everyone is excluded', () => {
    const words = new Uint32Array(3 * WORDS_PER_VECTOR);
    for (let i = 0; i < 3; i++)
      packChoices(
        Array.from({ length: 19 }, () => 1 + 2 * i),
        words,
        i,
      );
    const hashes = Uint32Array.from([7, 8, 9]);
    const me = words.subarray(0, 3);
    const tiers = (count: number, excluded: number[]) =>
      tiersAt(
        scoreBatch(encodeGroup(words, hashes, count), encodeSeekers([{ words: me, seed: 1, excluded }])),
        0,
      );
    expect(tiers(0, [])).toEqual({ tiers: {}, poolSize: 0 });
    expect(tiers(3, [0, 1, 2, 2, -1, 3])).toEqual({ tiers: {}, poolSize: 0 });
    expect(tiers(1, []).tiers).toEqual({ best: { position: 0, distance: 0 } });
    expect(tiers(2, []).tiers).toEqual({
      best: { position: 0, distance: 0 },
      worst: { position: 1, distance: 38 },
    });
    expect(tiers(3, [1]).tiers).toEqual({
      best: { position: 0, distance: 0 },
      worst: { position: 2, distance: 76 },
    });
  });

  it('gives the inline results through the pool', async () => {
    const next = generator(3);
    const count = 37;
    const words = new Uint32Array(count * WORDS_PER_VECTOR);
    for (let j = 0; j < count; j++)
      packChoices(
        Array.from({ length: 19 }, () => 1 + next(5)),
        words,
        j,
      );
    const hashes = Uint32Array.from({ length: count }, () => next(2 ** 32));
    const group = encodeGroup(words, hashes, count);
    const seekers = Array.from({ length: 9 }, (_, s) => ({
      words: words.subarray(s * 3, s * 3 + 3),
      seed: next(2 ** 32),
      excluded: [s],
    }));
    const inline = scoreBatch(group, encodeSeekers(seekers));
    expect([...(await new ScoringPool(0).score(group, seekers))]).toEqual([...inline]);
  });

  it('fills fewer tiers for tiny pools (0 to 6 candidates), none when everyone is excluded', () => {
    const next = generator(11);
    for (let count = 0; count <= 6; count++) {
      const words = new Uint32Array(Math.max(count, 1) * WORDS_PER_VECTOR);
      for (let j = 0; j < count; j++)
        packChoices(
          Array.from({ length: 19 }, () => 1 + next(2)),
          words,
          j,
        );
      const hashes = Uint32Array.from({ length: count }, () => next(3));
      const all = Array.from({ length: count }, (_, j) => j);
      const exclusions = [
        [],
        all,
        [...all, ...all, -1, count],
        all.slice(1),
        [0, 0],
        all.slice(2),
        [count + 5],
      ];
      const cases: Case[] = Array.from({ length: 23 }, () => {
        const own = new Uint32Array(WORDS_PER_VECTOR);
        packChoices(
          Array.from({ length: 19 }, () => 1 + next(5)),
          own,
          0,
        );
        return {
          seeker: next(2) === 0 && count > 0 ? [...words.subarray(0, 3)] : [...own],
          seed: next(2 ** 32),
          excluded: exclusions[next(exclusions.length)]!,
        };
      });
      const group = encodeGroup(words, hashes, count);
      check({ words, hashes, count }, group, cases, `count ${count}`);
      check({ words, hashes, count }, group, cases.slice(0, 1 + next(4)), `count ${count}, one sweep`);
    }
  });

  it('gives exactly the domain/tiers.ts picks on random pools (ties, exclusions, any size)', () => {
    const next = generator(20261125);
    let seekers = 0;
    let joint = 0;
    let tiny = 0;
    for (let round = 0; seekers < 12_000; round++) {
      // Mostly small pools (rarely a multiple of 16), some of 0 to 3, some large; one round in 60 at or
      // past SIMD_JOINT_FROM (joint histograms). Few distinct answer vectors in many: most distances tie.
      const shape = next(10);
      const count =
        next(60) === 0
          ? SIMD_JOINT_FROM - 2 + next(3000)
          : shape === 0
            ? next(4)
            : shape === 1
              ? 16 * next(8)
              : shape < 8
                ? next(60)
                : 200 + next(800);
      const distinct = next(3) === 0 ? 1 + next(4) : 1 + next(500);
      const vectors = Array.from({ length: distinct }, () => Array.from({ length: 19 }, () => 1 + next(5)));
      const words = new Uint32Array(Math.max(count, 1) * WORDS_PER_VECTOR + 6);
      for (let j = 0; j < count; j++) packChoices(vectors[next(distinct)]!, words, j);
      const hashes = Uint32Array.from({ length: count + 2 }, () => next(2 ** 32));
      if (next(4) === 0) hashes.fill(hashes[0] ?? 0); // equal hashes: the position decides
      const cases: Case[] = [];
      // 1 to 14 seekers a round: every remainder of a sweep of four.
      for (let s = 0, n = 1 + next(Math.min(14, count + 2)); s < n; s++) {
        const self = next(count + 1) - 1; // −1: a seeker from another group
        const own = new Uint32Array(3);
        packChoices(vectors[next(distinct)]!, own, 0);
        const seeker = self >= 0 ? [...words.subarray(self * 3, self * 3 + 3)] : [...own];
        const excluded: number[] = self >= 0 ? [self] : [];
        const extra = next(5) === 0 ? count + 1 : next(6);
        for (let k = 0; k < extra; k++) excluded.push(next(count + 4) - 2); // duplicates and out-of-range too
        if (next(3) === 0) excluded.sort((a, b) => a - b);
        cases.push({ seeker, seed: next(2 ** 32), excluded });
      }
      check({ words, hashes, count }, encodeGroup(words, hashes, count), cases, `round ${round}`);
      seekers += cases.length;
      if (count >= SIMD_JOINT_FROM) joint += cases.length;
      if (count <= 3) tiny += cases.length;
    }
    expect(seekers).toBeGreaterThanOrEqual(10_000);
    expect(joint).toBeGreaterThanOrEqual(50);
    expect(tiny).toBeGreaterThanOrEqual(200);
  });
});
