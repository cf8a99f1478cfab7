import { answerDistance, compatibilityPercent, MAX_DISTANCE, PERCENT_BY_DISTANCE } from './compatibility.js';
import { packChoices, packedDistance, distancesFrom, WORDS_PER_VECTOR } from './packed-answers.js';

function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => (state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}
const rng = random(42);
const randomAnswers = () => Array.from({ length: 19 }, () => 1 + Math.floor(rng() * 5));

describe('compatibility percent', () => {
  it('is 100 for identical answers and 0 when every question is at opposite extremes', () => {
    for (let i = 0; i < 50; i++) {
      const answers = randomAnswers();
      expect(compatibilityPercent(answers, answers)).toBe(100);
    }
    const ones = Array(19).fill(1);
    const fives = Array(19).fill(5);
    expect(compatibilityPercent(ones, fives)).toBe(0);
    expect(compatibilityPercent(fives, ones)).toBe(0);
    const mixed = ones.map((_, i) => (i % 2 ? 1 : 5));
    expect(
      compatibilityPercent(
        mixed,
        mixed.map((c) => 6 - c),
      ),
    ).toBe(0);
  });

  it('follows the documented formula 100 × (1 − Σ|a−b| / 76), rounded', () => {
    const a = Array(19).fill(3);
    const b = [...a];
    b[0] = 4;
    expect(compatibilityPercent(a, b)).toBe(Math.round(100 * (1 - 1 / 76)));
    b[1] = 1;
    expect(compatibilityPercent(a, b)).toBe(Math.round(100 * (1 - 3 / 76)));
  });

  it('is symmetric and an integer between 0 and 100', () => {
    for (let i = 0; i < 500; i++) {
      const a = randomAnswers();
      const b = randomAnswers();
      const percent = compatibilityPercent(a, b);
      expect(percent).toBe(compatibilityPercent(b, a));
      expect(Number.isInteger(percent)).toBe(true);
      expect(percent).toBeGreaterThanOrEqual(0);
      expect(percent).toBeLessThanOrEqual(100);
    }
  });

  it('never rises when an answer moves further away, and gives each distance its own percent', () => {
    for (let d = 1; d <= MAX_DISTANCE; d++)
      expect(PERCENT_BY_DISTANCE[d]!).toBeLessThan(PERCENT_BY_DISTANCE[d - 1]!);
    for (let i = 0; i < 300; i++) {
      const a = randomAnswers();
      const b = randomAnswers();
      const q = Math.floor(rng() * 19);
      const further = [...b];
      // Move b's answer one step away from a's, where there is room to.
      if (b[q]! >= a[q]! && b[q]! < 5) further[q] = b[q]! + 1;
      else if (b[q]! <= a[q]! && b[q]! > 1) further[q] = b[q]! - 1;
      else continue;
      expect(compatibilityPercent(a, further)).toBeLessThan(compatibilityPercent(a, b));
    }
  });

  it('refuses vectors of the wrong length', () => {
    expect(() => answerDistance([1, 2, 3], Array(19).fill(1))).toThrow(RangeError);
  });
});

describe('packed answer vectors', () => {
  it('give exactly the plain distance, one pair or a whole block at a time', () => {
    const n = 400;
    const plain = Array.from({ length: n }, randomAnswers);
    plain.push(Array(19).fill(1), Array(19).fill(5));
    const words = new Uint32Array(plain.length * WORDS_PER_VECTOR);
    plain.forEach((answers, i) => packChoices(answers, words, i));
    const out = new Uint8Array(plain.length);
    for (let i = 0; i < plain.length; i += 7) {
      const base = i * WORDS_PER_VECTOR;
      distancesFrom(words[base]!, words[base + 1]!, words[base + 2]!, words, 0, plain.length, out);
      for (let j = 0; j < plain.length; j++) {
        const expected = answerDistance(plain[i]!, plain[j]!);
        expect(out[j]).toBe(expected);
        expect(packedDistance(words, i, words, j)).toBe(expected);
      }
    }
    expect(packedDistance(words, n, words, n + 1)).toBe(MAX_DISTANCE);
  });

  it('rejects choices outside 1–5', () => {
    expect(() => packChoices([...Array(18).fill(3), 6], new Uint32Array(3), 0)).toThrow(RangeError);
  });
});
