import { CHOICES_PER_QUESTION, QUESTION_COUNT } from '../../libs/quiz/index.js';
import type { SeededRandom } from './seeded-random.js';

/**
 * Quiz answers with the structure real people's answers have: a few latent traits drive groups of
 * questions together (an outgoing person answers high on parties, Friday nights and company alike), so
 * answers within a person correlate and compatibility between two people varies widely instead of
 * clustering round the 60 % that independent random answers would give. People are also drawn around a
 * handful of archetypes, so some pairs are genuinely close (90 %+) and some far apart.
 *
 * Traits: 0 energy (quiet ↔ outgoing), 1 openness (familiar ↔ adventurous), 2 expressiveness
 * (reserved ↔ demonstrative), 3 drive (easy-going ↔ planner), 4 commitment (keep it light ↔ big values).
 */
const TRAITS = 5;

/** Per question (in quiz order): the loading of each trait. Choice 1 → 5 runs along the same scale. */
const LOADINGS: readonly (readonly number[])[] = [
  [0.9, 0.2, 0.1, 0, 0], // 1 sociability
  [0.5, 0.6, 0, 0, 0], // 2 weekends
  [0.1, 0.9, 0, 0, 0], // 3 food
  [0.4, 0, 0, 0.6, 0], // 4 group work
  [0, 0.8, 0, -0.2, 0], // 5 change
  [0.2, 0, 0.8, 0, 0], // 6 conflict
  [0, -0.2, 0, 0.9, 0], // 7 decisions
  [0.9, 0.2, 0, 0, 0], // 8 Friday nights
  [0.2, 0, 0, 0.7, 0], // 9 fitness
  [0.9, 0, 0.2, 0, 0], // 10 alone time
  [0.1, 0, 0.9, 0, 0.1], // 11 affection
  [0.2, 0, 0.7, 0, 0.2], // 12 communication frequency
  [0, 0, 0.3, 0.2, 0.7], // 13 life-goal talks
  [0.5, 0.5, 0, 0, 0], // 14 free time
  [0.1, 0.9, 0, 0, 0], // 15 travel
  [0.6, 0.4, 0, 0, 0], // 16 music
  [0, 0, 0.2, 0, 0.8], // 17 politics
  [0, -0.2, 0.2, 0, 0.8], // 18 family and kids
  [0, 0.3, 0, 0.8, 0], // 19 personal growth
];

/** Centres people are drawn around (trait values, roughly −1.5 … 1.5). */
const ARCHETYPES: readonly (readonly number[])[] = [
  [1.2, 1.0, 0.8, 0.2, 0.0], // the social adventurer
  [-1.1, -0.6, 0.2, 0.6, 0.8], // the homebody planner
  [0.3, 0.2, 1.1, -0.3, 1.0], // the warm romantic
  [-0.4, 1.1, -0.6, -0.8, -0.7], // the free spirit
  [0.6, -0.4, 0.0, 1.2, 0.3], // the driven achiever
  [0.0, 0.0, 0.0, 0.0, 0.0], // the middle of the road
];
const ARCHETYPE_WEIGHTS = [0.2, 0.2, 0.18, 0.12, 0.15, 0.15];

/** Spread of a person round their archetype, and of an answer round what their traits predict. */
const PERSON_SPREAD = 0.55;
const ANSWER_NOISE = 0.45;
const SCALE = 1.4;

export interface Personality {
  archetype: number;
  traits: number[];
}

export function drawPersonality(random: SeededRandom, age: number): Personality {
  const archetype = random.weighted(
    ARCHETYPES.map((_, index) => index),
    ARCHETYPE_WEIGHTS,
  );
  const traits = ARCHETYPES[archetype]!.map((centre) => centre + PERSON_SPREAD * random.normal());
  // Energy eases off and commitment rises a little with age.
  const years = (age - 30) / 20;
  traits[0] = traits[0]! - 0.3 * years;
  traits[4] = traits[4]! + 0.3 * years;
  return { archetype, traits };
}

/** 19 choices (1–5) in question order. */
export function answersFor(personality: Personality, random: SeededRandom): number[] {
  const answers: number[] = [];
  for (let q = 0; q < QUESTION_COUNT; q++) {
    let lean = 0;
    for (let t = 0; t < TRAITS; t++) lean += LOADINGS[q]![t]! * personality.traits[t]!;
    const value = 3 + SCALE * lean + ANSWER_NOISE * random.normal();
    answers.push(Math.min(CHOICES_PER_QUESTION, Math.max(1, Math.round(value))));
  }
  return answers;
}
