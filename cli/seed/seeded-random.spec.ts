import { SeededRandom } from './seeded-random.js';

describe('seeded random', () => {
  it('repeats a stream for the same keys and differs for neighbouring keys', () => {
    const draw = (...keys: number[]) => {
      const random = new SeededRandom(...keys);
      return Array.from({ length: 8 }, () => random.uint32());
    };
    expect(draw(1, 2)).toEqual(draw(1, 2));
    expect(draw(1, 2)).not.toEqual(draw(1, 3));
    expect(draw(1, 2)).not.toEqual(draw(2, 2));
    expect(draw(0, 0)).not.toEqual(draw(0, 1));
  });

  it('draws uniformly enough: every face of a die about equally often', () => {
    const random = new SeededRandom(99);
    const counts = [0, 0, 0, 0, 0, 0];
    for (let i = 0; i < 60_000; i++) counts[random.int(1, 6) - 1]!++;
    for (const count of counts) expect(Math.abs(count - 10_000)).toBeLessThan(500);
  });

  it('respects weights', () => {
    const random = new SeededRandom(5);
    let heavy = 0;
    for (let i = 0; i < 10_000; i++) if (random.weighted(['a', 'b'], [9, 1]) === 'a') heavy++;
    expect(heavy).toBeGreaterThan(8700);
    expect(heavy).toBeLessThan(9300);
  });
});
