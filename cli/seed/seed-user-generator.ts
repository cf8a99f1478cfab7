import type { Sex, ProfileFields } from '../../libs/profiles/index.js';
import {
  DEGREES,
  FEMALE_FIRST_NAMES,
  LAST_NAMES,
  LOVE_CLOSINGS,
  LOVE_CORES,
  LOVE_OPENINGS,
  MALE_FIRST_NAMES,
} from './people-data.js';
import { answersFor, drawPersonality } from './personality.js';
import { SeededRandom, seedKey } from './seeded-random.js';
import { US_CITIES, US_CITY_WEIGHTS } from './us-cities.js';

/** How far through sign-up a seeded user got. Matchable users are 'complete'. */
export type SeedStage = 'registered' | 'verified' | 'profiled' | 'complete';

export interface SeedUser {
  /** 0-based position in the seed's sequence. */
  index: number;
  name: string;
  email: string;
  stage: SeedStage;
  profile: ProfileFields;
  /** 19 choices (1–5) in question order. */
  answers: number[];
}

export const MIN_SEED_AGE = 18;
export const MAX_SEED_AGE = 70;

/**
 * Without --verified, users spread over the sign-up funnel as on a live app: most finish, some never
 * verify, some stop before the profile or the quiz.
 */
const STAGES: readonly SeedStage[] = ['registered', 'verified', 'profiled', 'complete'];
const STAGE_WEIGHTS = [0.08, 0.04, 0.08, 0.8];

/**
 * Seeded user number `index` of seed `seed`: the same person every time, independent of how many users
 * are generated around it. `allVerified` puts everyone at 'complete' (what --verified and the benchmark use).
 */
export function generateSeedUser(seed: number, index: number, options: { allVerified: boolean }): SeedUser {
  const random = new SeededRandom(seedKey(seed), index);
  const gender: Sex = random.chance(0.51) ? 'female' : 'male';
  // Most people look for the other sex; about one in ten for their own.
  const preferredSex: Sex = random.chance(0.9) ? (gender === 'male' ? 'female' : 'male') : gender;
  const age = drawAge(random);
  const first = random.pick(gender === 'female' ? FEMALE_FIRST_NAMES : MALE_FIRST_NAMES);
  const last = random.pick(LAST_NAMES);
  const place = random.weighted(US_CITIES, US_CITY_WEIGHTS);
  const personality = drawPersonality(random, age);
  // Drawn either way, so --verified changes a user's stage and nothing else about them.
  const drawnStage = random.weighted(STAGES, STAGE_WEIGHTS);
  const stage = options.allVerified ? 'complete' : drawnStage;
  return {
    index,
    name: `${first} ${last}`,
    email: seedEmail(first, last, seed, index),
    stage,
    profile: {
      city: place.city,
      state: place.state,
      age,
      gender,
      preferredSex,
      education: random.chance(0.85) ? random.pick(DEGREES) : '',
      jobTitle: random.chance(0.75) ? instagramHandle(first, last, random) : '',
      bio: random.chance(0.92) ? loveSentence(random) : '',
    },
    answers: answersFor(personality, random),
  };
}

/** Unique per (seed, index), readable, and on example.com so no mail can ever reach a real person. */
export function seedEmail(first: string, last: string, seed: number, index: number): string {
  return `${asciiLower(first)}.${asciiLower(last)}.${index + 1}@seed${seed}.example.com`;
}

/** The index of a person of this seed, from their address (see seedEmail); undefined for anyone else. */
export function seedIndexOf(email: string, seed: number): number | undefined {
  const match = /\.(\d+)@seed(\d+)\.example\.com$/.exec(email);
  if (!match || Number(match[2]) !== seed) return undefined;
  const index = Number(match[1]) - 1;
  return index >= 0 ? index : undefined;
}

/** Ages 18–70, skewed young (median about 27): the app's audience is Gen Z and young millennials. */
function drawAge(random: SeededRandom): number {
  for (;;) {
    const age = MIN_SEED_AGE + Math.floor(-Math.log(1 - random.next()) * 12);
    if (age <= MAX_SEED_AGE) return age;
  }
}

function instagramHandle(first: string, last: string, random: SeededRandom): string {
  const f = asciiLower(first);
  const l = asciiLower(last);
  const n = random.int(1, 99);
  const forms = [`@${f}.${l}`, `@${f}${l}`, `@${f}_${l}${n}`, `@${f}.${l[0]}`, `@its${f}`, `@${f}${n}`];
  return random.pick(forms);
}

function loveSentence(random: SeededRandom): string {
  const core = `${random.pick(LOVE_OPENINGS)} ${random.pick(LOVE_CORES)}`;
  return random.chance(0.35) ? `${core}, ${random.pick(LOVE_CLOSINGS)}.` : `${core}.`;
}

function asciiLower(value: string): string {
  return value.toLowerCase().replace(/[^a-z]/g, '');
}
