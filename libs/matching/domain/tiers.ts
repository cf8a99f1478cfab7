import { MAX_DISTANCE, percentForDistance } from './compatibility.js';

export type Tier = 'best' | 'medium' | 'worst';
export const TIERS: readonly Tier[] = ['best', 'medium', 'worst'];

/** Positions (into the scored candidate array) chosen for each tier; a tier is absent when the pool is too small. */
export type TierPositions = Partial<Record<Tier, number>>;

/**
 * Picks the tiers from one user's scored pool: `distances[j]` is the answer distance to candidate j
 * (percent = percentForDistance), and the positions in `excluded` are not in the pool (the user themself,
 * pairs shown in the last 30 days). best = highest percent, worst = lowest, medium = the percent closest
 * to the median of the whole eligible pool; three different people. With one candidate only best is
 * filled, with two best and worst. Ties go to the lowest `rank(j)` (a per-user hash, see tiebreak.ts),
 * and a tie in closeness to the median goes to the higher percent.
 *
 * Two linear passes and no allocation beyond a few small arrays, because it runs once per user over tens
 * of thousands of candidates: a histogram of distances decides which distance each tier takes, then one
 * scan keeps the three lowest-ranked candidates at each of those (at most three) distances.
 */
export function chooseTiers(
  distances: Uint8Array,
  count: number,
  excluded: readonly number[],
  rank: (position: number) => number,
): { tiers: TierPositions; poolSize: number } {
  const histogram = histogramOf(distances, count);
  const skip = new Set(excluded.filter((j) => j >= 0 && j < count));
  for (const j of skip) histogram[distances[j]!]!--;
  const poolSize = count - skip.size;
  if (poolSize === 0) return { tiers: {}, poolSize };

  let nearest = 0;
  while (histogram[nearest] === 0) nearest++;
  let farthest = MAX_DISTANCE;
  while (histogram[farthest] === 0) farthest--;
  const wanted: number[] = [nearest];
  if (poolSize >= 2) wanted.push(farthest);
  if (poolSize >= 3) wanted.push(distanceClosestTo(medianPercent(histogram, poolSize), histogram, wanted));

  const lowest = lowestRanked(distances, count, skip, rank, wanted);
  const taken: number[] = [];
  const take = (distance: number): number => {
    const position = lowest.get(distance)!.find((j) => !taken.includes(j))!;
    taken.push(position);
    return position;
  };
  const tiers: TierPositions = { best: take(nearest) };
  if (poolSize >= 2) tiers.worst = take(farthest);
  if (poolSize >= 3) tiers.medium = take(wanted[2]!);
  return { tiers, poolSize };
}

/** For each wanted distance, up to three positions with the lowest (rank, position), in that order. */
function lowestRanked(
  distances: Uint8Array,
  count: number,
  skip: ReadonlySet<number>,
  rank: (position: number) => number,
  wanted: number[],
): Map<number, number[]> {
  const isWanted = new Uint8Array(MAX_DISTANCE + 1);
  for (const d of wanted) isWanted[d] = 1;
  const best = new Map<number, { position: number; rank: number }[]>(wanted.map((d) => [d, []]));
  for (let j = 0; j < count; j++) {
    const d = distances[j]!;
    if (isWanted[d] === 0 || skip.has(j)) continue;
    const list = best.get(d)!;
    const r = rank(j);
    if (list.length === 3 && r >= list[2]!.rank) continue; // ties keep the earlier position
    let at = list.length;
    while (at > 0 && r < list[at - 1]!.rank) at--;
    list.splice(at, 0, { position: j, rank: r });
    if (list.length > 3) list.pop();
  }
  return new Map([...best].map(([d, list]) => [d, list.map((entry) => entry.position)]));
}

/** Counts per distance; four interleaved tables keep consecutive increments from waiting on each other. */
function histogramOf(distances: Uint8Array, count: number): Int32Array {
  const size = MAX_DISTANCE + 1;
  const lanes = new Int32Array(size * 4);
  let j = 0;
  for (; j + 3 < count; j += 4) {
    lanes[distances[j]!]!++;
    lanes[size + distances[j + 1]!]!++;
    lanes[2 * size + distances[j + 2]!]!++;
    lanes[3 * size + distances[j + 3]!]!++;
  }
  for (; j < count; j++) lanes[distances[j]!]!++;
  const histogram = new Int32Array(size);
  for (let d = 0; d < size; d++)
    histogram[d] = lanes[d]! + lanes[size + d]! + lanes[2 * size + d]! + lanes[3 * size + d]!;
  return histogram;
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

/** The distance whose percent is closest to `median` among those with someone left after the `taken` distances. */
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
