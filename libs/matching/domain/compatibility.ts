import { CHOICES_PER_QUESTION, QUESTION_COUNT } from '../../quiz/index.js';

/**
 * Compatibility percent of two quiz answer vectors (19 choices, each 1–5):
 *
 *     percent = round(100 × (1 − D / Dmax)),   D = Σ |a_i − b_i|,   Dmax = 4 × 19 = 76
 *
 * i.e. 100 minus the mean per-question answer distance as a share of the widest possible gap (4).
 * Properties the tests pin down: symmetric (|a−b| = |b−a|); an integer from 0 to 100; 100 exactly when
 * every answer is the same; 0 exactly when every question sits at opposite extremes (1 vs 5); and
 * monotone: moving any one answer further away never raises the percent. Each step of D moves the
 * percent by 100/76 > 1, so different distances never round to the same percent.
 */
export const MAX_STEP = CHOICES_PER_QUESTION - 1;
export const MAX_DISTANCE = MAX_STEP * QUESTION_COUNT;

/** Percent for every possible total distance 0…76, so hot loops look it up instead of dividing. */
export const PERCENT_BY_DISTANCE: Uint8Array = Uint8Array.from({ length: MAX_DISTANCE + 1 }, (_, distance) =>
  Math.round(100 * (1 - distance / MAX_DISTANCE)),
);

/** D = Σ |a_i − b_i| over the 19 questions. */
export function answerDistance(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== QUESTION_COUNT || b.length !== QUESTION_COUNT) {
    throw new RangeError(`Answer vectors must have ${QUESTION_COUNT} choices`);
  }
  let distance = 0;
  for (let i = 0; i < QUESTION_COUNT; i++) distance += Math.abs(a[i]! - b[i]!);
  return distance;
}

export function percentForDistance(distance: number): number {
  return PERCENT_BY_DISTANCE[distance]!;
}

export function compatibilityPercent(a: ArrayLike<number>, b: ArrayLike<number>): number {
  return percentForDistance(answerDistance(a, b));
}
