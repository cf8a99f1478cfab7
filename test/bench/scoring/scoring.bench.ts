import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { generateSeedUser } from '../../../cli/seed/seed-user-generator.js';
import {
  distancesFrom,
  packChoices,
  WORDS_PER_VECTOR,
} from '../../../libs/matching/domain/packed-answers.js';
import { hashString, mix32 } from '../../../libs/matching/domain/tiebreak.js';
import { chooseTiers } from '../../../libs/matching/domain/tiers.js';
import { encodeGroup } from '../../../libs/matching/scoring/scoring-group.js';
import { ScoringPool } from '../../../libs/matching/scoring/scoring-pool.js';
import { encodeSeekers, scoreBatch, type Seeker } from '../../../libs/matching/scoring/seeker-batch.js';
import { NO_PICK, RESULT_STRIDE } from '../../../libs/matching/scoring/simd-tiers4.js';
import { describeMachine } from '../support/machine.js';

/**
 * The daily run's quadratic core without a database: one group of N seeded users (the seeder's answer
 * model), S seekers from it, each scored against the whole group with themself and R "recent" pairs
 * excluded. Times the oracle (distancesFrom + chooseTiers, domain/tiers.ts), the WebAssembly kernel inline
 * (scoreBatch, four seekers a sweep) and the worker pool (scoreBatch on worker threads) with 1 and 2
 * threads; checks all give the oracle's picks. CPU time per pair (all threads, least of the rounds) is the per-core cost, the fair
 * figure on a shared machine; wall time is the fastest round. The last line is
 * `scoring N users: X M pairs/s` for the fastest variant.
 *
 *   npm run bench -- scoring --users 100000 [--seekers 2000] [--recent 60] [--rounds 3] [--seed 1]
 */
const { values } = parseArgs({
  options: {
    users: { type: 'string' },
    seekers: { type: 'string', default: '2000' },
    recent: { type: 'string', default: '60' },
    rounds: { type: 'string', default: '3' },
    seed: { type: 'string', default: '1' },
  },
});
const users = Number(values.users);
const seekerTotal = Math.min(Number(values.seekers), users);
const recent = Number(values.recent);
const rounds = Number(values.rounds);
const seed = Number(values.seed);
if (![users, seekerTotal, recent, rounds, seed].every(Number.isInteger) || users < 2 || rounds < 1) {
  console.error(
    'usage: npm run bench -- scoring --users N [--seekers S] [--recent R] [--rounds K] [--seed S]',
  );
  process.exit(2);
}

const DAY = '2026-12-01';

/** The group as the candidate pool holds it (PoolGroup): thermometer words and hashes. */
interface RawGroup {
  words: Uint32Array;
  hashes: Uint32Array;
  count: number;
}

function buildGroup(): RawGroup {
  const words = new Uint32Array(users * WORDS_PER_VECTOR);
  const hashes = new Uint32Array(users);
  for (let i = 0; i < users; i++) {
    packChoices(generateSeedUser(seed, i, { allVerified: true }).answers, words, i);
    hashes[i] = hashString(`user-${i}`);
  }
  return { words, hashes, count: users };
}

function buildSeekers(group: RawGroup): Seeker[] {
  let state = seed >>> 0;
  const next = () => (state = (Math.imul(state, 1664525) + 1013904223) >>> 0);
  const step = users / seekerTotal;
  return Array.from({ length: seekerTotal }, (_, k) => {
    const position = Math.floor(k * step);
    const base = position * WORDS_PER_VECTOR;
    const excluded = [position, ...Array.from({ length: recent }, () => next() % users)].sort(
      (a, b) => a - b,
    );
    return {
      words: group.words.subarray(base, base + WORDS_PER_VECTOR),
      seed: hashString(`user-${position}|${DAY}`),
      excluded: Int32Array.from(excluded),
    };
  });
}

/** The oracle (domain/tiers.ts), written into the kernel's result layout. */
function reference(group: RawGroup, seekers: readonly Seeker[]): Int32Array {
  const results = new Int32Array(seekers.length * RESULT_STRIDE).fill(NO_PICK);
  const distances = new Uint8Array(group.count);
  const hashes = group.hashes;
  seekers.forEach((seeker, k) => {
    distancesFrom(
      seeker.words[0]!,
      seeker.words[1]!,
      seeker.words[2]!,
      group.words,
      0,
      group.count,
      distances,
    );
    const s = seeker.seed;
    const { tiers, poolSize } = chooseTiers(distances, group.count, Array.from(seeker.excluded), (j) =>
      mix32(s ^ hashes[j]!),
    );
    const at = k * RESULT_STRIDE;
    (['best', 'medium', 'worst'] as const).forEach((tier, t) => {
      const position = tiers[tier];
      if (position === undefined) return;
      results[at + 2 * t] = position;
      results[at + 2 * t + 1] = distances[position]!;
    });
    results[at + 6] = poolSize;
  });
  return results;
}

interface Measured {
  name: string;
  /** Wall clock of the fastest round. */
  ms: number;
  /**
   * CPU time of all the process's threads in the round that used least: the per-core cost, whatever else
   * runs on a shared machine (taken apart from the wall clock, which other load stretches).
   */
  cpuMs: number;
}

async function timed(name: string, run: () => Promise<Int32Array> | Int32Array, expected?: Int32Array) {
  let results: Int32Array = new Int32Array(0);
  let best: Measured = { name, ms: Infinity, cpuMs: Infinity };
  for (let round = 0; round < rounds; round++) {
    const start = performance.now();
    const cpu = process.cpuUsage();
    results = await run();
    const used = process.cpuUsage(cpu);
    const ms = performance.now() - start;
    best = { name, ms: Math.min(best.ms, ms), cpuMs: Math.min(best.cpuMs, (used.user + used.system) / 1e3) };
  }
  if (expected && !sameResults(results, expected))
    throw new Error(`${name}: results differ from the reference`);
  return { measured: best, results };
}

/** The machine is shared: other load stretches the wall clock (not the CPU time per pair). */
const loadAverage = () =>
  loadavg()
    .map((load) => load.toFixed(2))
    .join(' ');

const sameResults = (a: Int32Array, b: Int32Array) =>
  a.length === b.length && a.every((value, i) => value === b[i]);

async function main(): Promise<void> {
  console.log(`machine: ${describeMachine()}; load average ${loadAverage()}`);
  const group = buildGroup();
  const seekers = buildSeekers(group);
  const pairs = seekerTotal * users;
  console.log(
    `group: ${users} users; ${seekerTotal} seekers × ${users} = ${(pairs / 1e6).toFixed(0)} M pairs a round, ${recent} recent pairs excluded each; best of ${rounds} rounds`,
  );

  const reference0 = await timed('reference (distancesFrom + chooseTiers)', () => reference(group, seekers));
  const batch = encodeSeekers(seekers);
  const encodeStart = performance.now();
  const shared = encodeGroup(group.words, group.hashes, group.count);
  console.log(
    `group encoded for the kernel in ${(performance.now() - encodeStart).toFixed(1)} ms (once per group)`,
  );
  const variants: Measured[] = [reference0.measured];
  scoreBatch(shared, encodeSeekers(seekers.slice(0, 200))); // warm-up: the glue's loops tier up
  variants.push(
    (
      await timed(
        'WASM SIMD batch (scoreBatch, 4 a sweep)',
        () => scoreBatch(shared, batch),
        reference0.results,
      )
    ).measured,
  );
  for (const threads of [1, 2]) {
    const pool = new ScoringPool(threads);
    try {
      const name = `worker pool (WASM SIMD), ${threads} thread${threads > 1 ? 's' : ''}`;
      await pool.score(shared, seekers.slice(0, 200 * threads)); // thread start-up and JIT warm-up
      const { measured } = await timed(name, () => pool.score(shared, batch), reference0.results);
      variants.push(measured);
    } finally {
      await pool.close();
    }
  }
  const ref = variants[0]!;
  for (const { name, ms, cpuMs } of variants) {
    console.log(
      `${name.padEnd(46)} ${((ms * 1e6) / pairs).toFixed(2).padStart(6)} ns/pair wall  ` +
        `${(pairs / ms / 1e3).toFixed(0).padStart(5)} M pairs/s  ${(ref.ms / ms).toFixed(1).padStart(5)}× reference;  ` +
        `CPU ${((cpuMs * 1e6) / pairs).toFixed(2).padStart(6)} ns/pair  ${(ref.cpuMs / cpuMs).toFixed(1).padStart(5)}× reference`,
    );
  }
  const fastest = variants.reduce((a, b) => (b.ms < a.ms ? b : a));
  console.log(
    `all variants give the reference's picks for ${seekerTotal} seekers; load average ${loadAverage()}`,
  );
  console.log(`scoring ${users} users: ${(pairs / fastest.ms / 1e3).toFixed(0)} M pairs/s`);
}

await main();
