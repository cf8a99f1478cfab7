import { MAX_DISTANCE, percentForDistance } from './compatibility.js';

export type Tier = 'best' | 'medium' | 'worst';
export const TIERS: readonly Tier[] = ['best', 'medium', 'worst'];

/** Positions (into the scored candidate array) chosen for each tier; a tier is absent when the pool is too small. */
export type TierPositions = Partial<Record<Tier, number>>;

/**
 * Picks the tiers from one user's scored pool: `distances[j]` is the answer distance to candidate j
 * (percent = percentForDistance), `excluded[j]` = 1 removes j from the pool (the user themself, a pair
 * shown in the last 30 days). best = highest percent, worst = lowest, medium = the percent closest to the
 * median of the whole eligible pool; three different people. With one candidate only best is filled,
 * with two best and worst. Ties go to the lowest `rank(j)` (a per-user hash, see tiebreak.ts), and a
 * tie in closeness to the median goes to the higher percent.
 *
 * Linear in the pool and allocation-free apart from a 77-slot histogram, because it runs once per user
 * over tens of thousands of candidates.
 */
export function chooseTiers(
  distances: Uint8Array,
  count: number,
  excluded: Uint8Array | undefined,
  rank: (position: number) => number,
): { tiers: TierPositions; poolSize: number } {
  const histogram = new Int32Array(MAX_DISTANCE + 1);
  let poolSize = 0;
  for (let j = 0; j < count; j++) {
    if (excluded?.[j]) continue;
    histogram[distances[j]!]!++;
    poolSize++;
  }
  if (poolSize === 0) return { tiers: {}, poolSize };

  let nearest = 0;
  while (histogram[nearest] === 0) nearest++;
  let farthest = MAX_DISTANCE;
  while (histogram[farthest] === 0) farthest--;

  const taken: number[] = [];
  const lowestRankAt = (distance: number): number => {
    let chosen = -1;
    let chosenRank = Infinity;
    for (let j = 0; j < count; j++) {
      if (distances[j] !== distance || excluded?.[j] || taken.includes(j)) continue;
      const r = rank(j);
      if (r < chosenRank || (r === chosenRank && j < chosen)) {
        chosen = j;
        chosenRank = r;
      }
    }
    taken.push(chosen);
    return chosen;
  };

  const tiers: TierPositions = { best: lowestRankAt(nearest) };
  if (poolSize >= 2) tiers.worst = lowestRankAt(farthest);
  if (poolSize >= 3) {
    const median = medianPercent(histogram, poolSize);
    const target = distanceClosestTo(
      median,
      histogram,
      taken.map((j) => distances[j]!),
    );
    tiers.medium = lowestRankAt(target);
  }
  return { tiers, poolSize };
}

/** The median percent of the pool (the mean of the two middle values for an even pool). */
export function medianPercent(histogram: Int32Array, poolSize: number): number {
  const lower = Math.floor((poolSize - 1) / 2);
  const upper = Math.floor(poolSize / 2);
  let seen = 0;
  let lowerValue: number | undefined;
  // Ascending percent = descending distance.
  for (let distance = MAX_DISTANCE; distance >= 0; distance--) {
    const n = histogram[distance]!;
    if (n === 0) continue;
    if (lowerValue === undefined && seen + n > lower) lowerValue = percentForDistance(distance);
    if (seen + n > upper) return (lowerValue! + percentForDistance(distance)) / 2;
    seen += n;
  }
  throw new RangeError('empty pool');
}

/** The distance whose percent is closest to `median` among those with someone left after `takenDistances`. */
function distanceClosestTo(median: number, histogram: Int32Array, takenDistances: number[]): number {
  let best = -1;
  let bestGap = Infinity;
  for (let distance = 0; distance <= MAX_DISTANCE; distance++) {
    const left = histogram[distance]! - takenDistances.filter((taken) => taken === distance).length;
    if (left <= 0) continue;
    const gap = Math.abs(percentForDistance(distance) - median);
    // Scanning from high to low percent, a strict < keeps the higher percent on equal gaps.
    if (gap < bestGap) {
      best = distance;
      bestGap = gap;
    }
  }
  return best;
}
