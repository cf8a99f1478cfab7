/**
 * A small, fast, seedable PRNG (sfc32) for reproducible seed data. Each seeded user gets its own stream
 * derived from (seed, index), so user #17 of seed 42 is the same whether 30 or 100 000 users are made,
 * and generation order (or batching) never changes anyone.
 */
export class SeededRandom {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(...keys: number[]) {
    // splitmix32 spreads the keys over the four state words; sfc32 is then warmed up past its start.
    let state = 0x9e3779b9;
    const next = () => {
      state = (state + 0x9e3779b9) | 0;
      let z = state;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
      return (z ^ (z >>> 16)) >>> 0;
    };
    for (const key of keys) state = (state ^ Math.imul(key >>> 0, 0x27d4eb2d)) + next();
    this.a = next();
    this.b = next();
    this.c = next();
    this.d = next();
    for (let i = 0; i < 12; i++) this.uint32();
  }

  uint32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    return this.uint32() / 4294967296;
  }

  /** Uniform integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** Picks by weight; `weights` need not sum to 1. */
  weighted<T>(items: readonly T[], weights: readonly number[]): T {
    let total = 0;
    for (const weight of weights) total += weight;
    let target = this.next() * total;
    for (let i = 0; i < items.length; i++) {
      target -= weights[i]!;
      if (target < 0) return items[i]!;
    }
    return items[items.length - 1]!;
  }

  /** Standard normal (Box–Muller). */
  normal(): number {
    const u = 1 - this.next();
    const v = this.next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }
}

/** A --seed value (any non-negative integer) as the 32-bit key the generator uses. */
export function seedKey(seed: number): number {
  return (seed % 4294967296) >>> 0;
}
