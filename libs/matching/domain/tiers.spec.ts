import { MAX_DISTANCE, percentForDistance } from './compatibility.js';
import { chooseTiers, medianPercent } from './tiers.js';

const byPosition = (j: number) => j;

describe('tier choice', () => {
  it('picks best = highest percent, worst = lowest, medium = closest to the pool median', () => {
    // distances 0, 10, 20, 30, 76 → median is the percent of distance 20
    const distances = Uint8Array.from([30, 0, 76, 20, 10]);
    const { tiers, poolSize } = chooseTiers(distances, distances.length, [], byPosition);
    expect(poolSize).toBe(5);
    expect(tiers).toEqual({ best: 1, worst: 2, medium: 3 });
  });

  it('takes the median of the whole pool, not of the middle, even when skewed', () => {
    // many close candidates and one far one: the median sits among the close ones
    const distances = Uint8Array.from([5, 5, 6, 6, 7, 70]);
    const histogram = new Int32Array(MAX_DISTANCE + 1);
    for (const d of distances) histogram[d]!++;
    expect(medianPercent(histogram, distances.length)).toBe(
      (percentForDistance(6) + percentForDistance(6)) / 2,
    );
    const { tiers } = chooseTiers(distances, distances.length, [], byPosition);
    expect(tiers.best).toBe(0);
    expect(tiers.worst).toBe(5);
    expect(distances[tiers.medium!]).toBe(6);
  });

  it('averages the two middle values of an even pool and prefers the higher percent on a tie', () => {
    // percents of distances 0, 8, 16, 76: median = mean of percent(8) and percent(16)
    const distances = Uint8Array.from([0, 8, 16, 76]);
    const { tiers } = chooseTiers(distances, distances.length, [], byPosition);
    expect(tiers).toEqual({ best: 0, medium: 1, worst: 3 });
  });

  it('fills fewer tiers when there are too few candidates, never repeating a person', () => {
    expect(chooseTiers(Uint8Array.from([]), 0, [], byPosition)).toEqual({ tiers: {}, poolSize: 0 });
    expect(chooseTiers(Uint8Array.from([12]), 1, [], byPosition).tiers).toEqual({ best: 0 });
    expect(chooseTiers(Uint8Array.from([40, 12]), 2, [], byPosition).tiers).toEqual({
      best: 1,
      worst: 0,
    });
    const same = chooseTiers(Uint8Array.from([9, 9, 9]), 3, [], byPosition).tiers;
    expect(new Set(Object.values(same)).size).toBe(3);
  });

  it('leaves out excluded candidates (self, recently shown) from tiers and from the median', () => {
    const distances = Uint8Array.from([0, 10, 20, 30, 76]);
    const excluded = [0, 4];
    const { tiers, poolSize } = chooseTiers(distances, distances.length, excluded, byPosition);
    expect(poolSize).toBe(3);
    expect(tiers).toEqual({ best: 1, medium: 2, worst: 3 });
    expect(chooseTiers(distances, 5, [0, 1, 2, 3, 4, 4], byPosition)).toEqual({
      tiers: {},
      poolSize: 0,
    });
  });

  it('breaks ties by rank, so users with the same scores get different people', () => {
    const distances = Uint8Array.from([3, 3, 3, 3, 50, 50]);
    const first = chooseTiers(distances, 6, [], (j) => j).tiers;
    const second = chooseTiers(distances, 6, [], (j) => 10 - j).tiers;
    expect(first.best).toBe(0);
    expect(second.best).toBe(3);
    expect(first.worst).toBe(4);
    expect(second.worst).toBe(5);
  });

  it('agrees with a brute-force reference on random pools', () => {
    let state = 99;
    const next = () => (state = (Math.imul(state, 1664525) + 1013904223) >>> 0);
    for (let round = 0; round < 300; round++) {
      const count = next() % 40;
      const distances = Uint8Array.from({ length: count }, () => next() % 12);
      const excluded = Array.from({ length: next() % 4 }, () => next() % Math.max(count, 1));
      const ranks = Array.from({ length: count }, () => next() % 7);
      const { tiers } = chooseTiers(distances, count, excluded, (j) => ranks[j]!);
      const pool = [...distances.keys()].filter((j) => !excluded.includes(j));
      const order = (a: number, b: number) => ranks[a]! - ranks[b]! || a - b;
      const expected: Record<string, number> = {};
      if (pool.length >= 1) {
        const top = Math.min(...pool.map((j) => distances[j]!));
        expected.best = pool.filter((j) => distances[j] === top).sort(order)[0]!;
      }
      if (pool.length >= 2) {
        const rest = pool.filter((j) => j !== expected.best);
        const bottom = Math.max(...rest.map((j) => distances[j]!));
        expected.worst = rest.filter((j) => distances[j] === bottom).sort(order)[0]!;
      }
      if (pool.length >= 3) {
        const percents = pool.map((j) => percentForDistance(distances[j]!)).sort((a, b) => a - b);
        const n = percents.length;
        const median = (percents[Math.floor((n - 1) / 2)]! + percents[Math.floor(n / 2)]!) / 2;
        const rest = pool.filter((j) => j !== expected.best && j !== expected.worst);
        const gap = (j: number) => Math.abs(percentForDistance(distances[j]!) - median);
        expected.medium = rest.sort(
          (a, b) => gap(a) - gap(b) || distances[a]! - distances[b]! || order(a, b),
        )[0]!;
      }
      expect(tiers).toEqual(expected);
    }
  });
});
