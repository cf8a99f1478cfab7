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

/**
 * A pair shown on day X (in either direction) is not shown again before day X + 30. On the same day both
 * may see each other: that is one mutual match, not a repeat, and it keeps a run's result independent of
 * the order users are processed in.
 */
export const REPEAT_WINDOW_DAYS = 30;

/** The days whose picks block a pair on `day`: from `from` up to and including `until`. */
export function repeatWindow(day: CalendarDay): { from: CalendarDay; until: CalendarDay } {
  return { from: addDays(day, -(REPEAT_WINDOW_DAYS - 1)), until: addDays(day, -1) };
}

/** Each is the sex the other is looking for. */
export function isMutualFit(
  a: { gender: Sex; preferredSex: Sex },
  b: { gender: Sex; preferredSex: Sex },
): boolean {
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
 * (`recentPairs` holds pairKey()s of the picks of repeatWindow(day)). The candidate pool applies
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
