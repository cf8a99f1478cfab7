import { addDays, type CalendarDay } from './calendar-day.js';

export type Sex = 'male' | 'female';

/** What eligibility needs to know about one user. */
export interface MatchingFacts {
  userId: string;
  verified: boolean;
  /** A saved profile (the table enforces city, state, age ≥ 18, gender and preferred sex). */
  profile: { gender: Sex; preferredSex: Sex } | null;
  quizComplete: boolean;
}

/** A pair shown on day X may be shown again from day X + 30. */
export const REPEAT_WINDOW_DAYS = 30;

/** The first day whose picks still block a pair on `day` (inclusive). */
export function repeatWindowStart(day: CalendarDay): CalendarDay {
  return addDays(day, -(REPEAT_WINDOW_DAYS - 1));
}

/** Each is the sex the other is looking for. */
export function isMutualFit(a: { gender: Sex; preferredSex: Sex }, b: { gender: Sex; preferredSex: Sex }): boolean {
  return a.preferredSex === b.gender && b.preferredSex === a.gender;
}

export function canBeMatched(facts: MatchingFacts): boolean {
  return facts.verified && facts.profile !== null && facts.quizComplete;
}

/** Unordered pair key, so "shown to each other" covers both directions. */
export function pairKey(a: string, b: string): string {
  return a < b ? `${a}|${b}` : `${b}|${a}`;
}

/**
 * The rule of design.md: the candidate is verified with a complete profile and quiz, each fits the other's
 * preferred sex, it is someone else, and the two were not shown to each other in the last 30 days
 * (`recentPairs` holds pairKey()s of picks from repeatWindowStart(day) on). The candidate pool applies
 * the same rule in bulk (SQL for completeness, grouping by gender for fit, a mask for recent pairs).
 */
export function isEligibleCandidate(
  user: MatchingFacts,
  candidate: MatchingFacts,
  recentPairs: ReadonlySet<string>,
): boolean {
  if (user.userId === candidate.userId) return false;
  if (!canBeMatched(candidate) || !user.profile || !candidate.profile) return false;
  if (!isMutualFit(user.profile, candidate.profile)) return false;
  return !recentPairs.has(pairKey(user.userId, candidate.userId));
}
