import { MAX_DISTANCE, PERCENT_BY_DISTANCE } from '../domain/compatibility.js';
import { distancesFrom, packChoices, WORDS_PER_VECTOR } from '../domain/packed-answers.js';
import { mix32 } from '../domain/tiebreak.js';
import { chooseTiers, TIERS } from '../domain/tiers.js';
import { encodeGroup } from './chunk-codes.js';
import {
  chooseTiersFused,
  FUSED_MAX_DISTANCE,
  FUSED_PERCENT,
  RESULT_STRIDE,
  tiersAt,
} from './fused-tiers.js';
import { chooseTiersFused4, JOINT_FROM } from './fused-tiers4.js';
import { encodeSeekers, scoreBatch } from './seeker-batch.js';

/** A small deterministic generator, so a failure names a reproducible round. */
function generator(seed: number) {
  let state = seed >>> 0;
  return (bound: number) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return Math.floor((state / 2 ** 32) * bound);
  };
}

/** What match-set-generator.ts computes today, in the fused result's shape. */
function reference(
  words: Uint32Array,
  hashes: Uint32Array,
  count: number,
  seeker: number[],
  seed: number,
  excluded: number[],
) {
  const distances = new Uint8Array(count);
  distancesFrom(seeker[0]!, seeker[1]!, seeker[2]!, words, 0, count, distances);
  const { tiers, poolSize } = chooseTiers(distances, count, excluded, (j) => mix32(seed ^ hashes[j]!));
  const picks: Record<string, { position: number; distance: number }> = {};
  for (const tier of TIERS) {
    const position = tiers[tier];
    if (position !== undefined) picks[tier] = { position, distance: distances[position]! };
  }
  return { tiers: picks, poolSize };
}

function fused(
  words: Uint32Array,
  hashes: Uint32Array,
  count: number,
  seeker: number[],
  seed: number,
  excluded: number[],
  group = encodeGroup(words, hashes, count),
) {
  const out = new Int32Array(RESULT_STRIDE + 3);
  const returned = chooseTiersFused(
    group,
    seeker[0]!,
    seeker[1]!,
    seeker[2]!,
    seed,
    Int32Array.from(excluded),
    out,
    3,
  );
  const result = tiersAt(out.subarray(3), 0);
  expect(returned).toBe(result.poolSize);
  return result;
}

interface Case {
  seeker: number[];
  seed: number;
  excluded: number[];
  expected: ReturnType<typeof reference>;
}

/**
 * Checks the cases against their reference picks through scoreBatch (four seekers a sweep, a lone last one
 * alone) and through chooseTiersFused4 in runs of `runs()` (1 to 4) seekers, written at an offset.
 */
function checkFour(group: ReturnType<typeof encodeGroup>, cases: Case[], runs: () => number, label: string) {
  const batch = scoreBatch(
    group,
    encodeSeekers(cases.map(({ seeker, seed, excluded }) => ({ words: seeker, seed, excluded }))),
  );
  expect(batch.length).toBe(cases.length * RESULT_STRIDE);
  const four = new Int32Array(cases.length * RESULT_STRIDE + 5).fill(123);
  for (let i = 0; i < cases.length;) {
    const run = Math.min(runs(), cases.length - i);
    const part = cases.slice(i, i + run);
    chooseTiersFused4(
      group,
      part.flatMap((c) => c.seeker),
      part.map((c) => c.seed),
      part.map((c) => c.excluded),
      four,
      5 + i * RESULT_STRIDE,
    );
    i += run;
  }
  expect([...four.subarray(0, 5)]).toEqual([123, 123, 123, 123, 123]);
  cases.forEach(({ expected }, i) => {
    for (const [path, results] of [
      ['scoreBatch', batch],
      ['chooseTiersFused4', four.subarray(5)],
    ] as const) {
      const actual = tiersAt(results, i);
      if (JSON.stringify(actual) !== JSON.stringify(expected)) {
        throw new Error(
          `${label}, ${path}, seeker ${i} of ${cases.length}: ${JSON.stringify(actual)} ≠ ${JSON.stringify(expected)}`,
        );
      }
    }
  });
}

describe('fused tier choice', () => {
  it('uses the domain constants (it cannot import them: the worker loads it from source)', () => {
    expect(FUSED_MAX_DISTANCE).toBe(MAX_DISTANCE);
    expect([...FUSED_PERCENT]).toEqual([...PERCENT_BY_DISTANCE]);
  });

  it('fills fewer tiers for tiny pools, none when everyone is excluded', () => {
    const words = new Uint32Array(3 * WORDS_PER_VECTOR);
    for (let i = 0; i < 3; i++)
      packChoices(
        Array.from({ length: 19 }, () => 1 + 2 * i),
        words,
        i,
      );
    const hashes = Uint32Array.from([7, 8, 9]);
    const me = [...words.subarray(0, 3)];
    expect(fused(words, hashes, 0, me, 1, [])).toEqual({ tiers: {}, poolSize: 0 });
    expect(fused(words, hashes, 3, me, 1, [0, 1, 2, 2, -1, 3])).toEqual({ tiers: {}, poolSize: 0 });
    expect(fused(words, hashes, 1, me, 1, []).tiers).toEqual({ best: { position: 0, distance: 0 } });
    expect(fused(words, hashes, 2, me, 1, []).tiers).toEqual({
      best: { position: 0, distance: 0 },
      worst: { position: 1, distance: 38 },
    });
    expect(fused(words, hashes, 3, me, 1, [1]).tiers).toEqual({
      best: { position: 0, distance: 0 },
      worst: { position: 2, distance: 76 },
    });
  });

  it('scores four at a time with empty, tiny and fully excluded lanes beside full ones', () => {
    const next = generator(7);
    for (let count = 0; count <= 6; count++) {
      const words = new Uint32Array(Math.max(count, 1) * WORDS_PER_VECTOR);
      for (let j = 0; j < count; j++)
        packChoices(
          Array.from({ length: 19 }, () => 1 + next(2)),
          words,
          j,
        );
      const hashes = Uint32Array.from({ length: count }, () => next(3));
      const group = encodeGroup(words, hashes, count);
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
      const cases: Case[] = [];
      for (let s = 0; s < 23; s++) {
        const own = new Uint32Array(WORDS_PER_VECTOR);
        packChoices(
          Array.from({ length: 19 }, () => 1 + next(5)),
          own,
          0,
        );
        const seeker = next(2) === 0 && count > 0 ? [...words.subarray(0, 3)] : [...own];
        const excluded = exclusions[next(exclusions.length)]!;
        const seed = next(2 ** 32);
        cases.push({
          seeker,
          seed,
          excluded,
          expected: reference(words, hashes, count, seeker, seed, excluded),
        });
      }
      expect(cases.some((c) => c.expected.poolSize === 0)).toBe(true);
      checkFour(group, cases, () => 1 + next(4), `count ${count}`);
      checkFour(group, cases.slice(0, 9), () => 4, `count ${count}, 9 seekers`);
    }
  });

  it('gives exactly the reference picks on random pools (ties, exclusions, tiny and large pools)', () => {
    const next = generator(20261201);
    let seekers = 0;
    let joint = 0;
    for (let round = 0; seekers < 12_000; round++) {
      // Mostly small pools, some empty or of one to three, some large; few distinct answer vectors
      // in many of them, so most distances tie and the hash decides.
      // One round in 100 at or past JOINT_FROM, where the four-seeker sweep counts with joint histograms.
      const shape = next(10);
      const count =
        next(100) === 0
          ? JOINT_FROM - 2 + next(3000)
          : shape === 0
            ? next(4)
            : shape < 8
              ? next(60)
              : 200 + next(800);
      const distinct = next(3) === 0 ? 1 + next(4) : 1 + next(500);
      const vectors = Array.from({ length: distinct }, () => Array.from({ length: 19 }, () => 1 + next(5)));
      const words = new Uint32Array(Math.max(count, 1) * WORDS_PER_VECTOR + 6); // capacity beyond count, as PoolGroup
      for (let j = 0; j < count; j++) packChoices(vectors[next(distinct)]!, words, j);
      const hashes = Uint32Array.from({ length: count + 2 }, () => next(2 ** 32));
      if (next(4) === 0) hashes.fill(hashes[0] ?? 0); // equal hashes: the position decides
      const group = encodeGroup(words, hashes, count);
      const cases: Case[] = [];

      // 1 to 14 seekers a round: every remainder of a batch of four.
      for (let s = 0, n = 1 + next(Math.min(14, count + 2)); s < n; s++) {
        const self = next(count + 1) - 1; // −1: a seeker from another group
        const seeker =
          self >= 0
            ? [...words.subarray(self * 3, self * 3 + 3)]
            : (() => {
                const own = new Uint32Array(3);
                packChoices(vectors[next(distinct)]!, own, 0);
                return [...own];
              })();
        const excluded: number[] = self >= 0 ? [self] : [];
        const extra = next(5) === 0 ? count + 1 : next(6);
        for (let k = 0; k < extra; k++) excluded.push(next(count + 4) - 2); // duplicates and out-of-range too
        if (next(3) === 0) excluded.sort((a, b) => a - b);
        const seed = next(2 ** 32);
        const expected = reference(words, hashes, count, seeker, seed, excluded);
        const actual = fused(words, hashes, count, seeker, seed, excluded, group);
        if (JSON.stringify(actual) !== JSON.stringify(expected)) {
          throw new Error(
            `round ${round}, seeker ${s}: ${JSON.stringify(actual)} ≠ ${JSON.stringify(expected)}`,
          );
        }
        cases.push({ seeker, seed, excluded, expected });
        seekers++;
      }
      checkFour(group, cases, () => 1 + next(4), `round ${round}`);
      if (count >= JOINT_FROM) joint += cases.length;
    }
    expect(seekers).toBeGreaterThanOrEqual(10_000);
    expect(joint).toBeGreaterThanOrEqual(50);
  });
});
