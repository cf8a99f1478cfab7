import { addDays, type CalendarDay } from './calendar-day.js';

export type Sex = 'male' | 'female';

/*
 * Who may be matched with whom, in one place. Four rules; every path applies these functions, or reads
 * the one SQL mirror of rule 1 (the matchable_member view, MATCHABLE_MEMBER), or names the rule it applies
 * with the data it has (exclusions by position in tier-picker.ts, pairs by SQL in MatchSetRepository):
 *
 * 1. A member can be matched at all (`isMatchable`).
 * 2. A candidate fits a seeker both ways (`soughtBy`): the pool groups members by it.
 * 3. A pair may meet (`mayMeet`): never oneself, never blocked either way or unmatched (both kept for
 *    ever in match_block, from safety's and connections' events), never shown (either way) on a day of the
 *    repeat window.
 * 4. A stored pick stays on its card while the candidate is still there (`stillPresent`).
 *
 * Who may see a profile (libs/profiles profile-access.ts) is the profile read rule, not this one.
 */

/** What matching knows of a member: its read model (match_member) and whether their quiz is in. */
export interface MemberFacts {
  verified: boolean;
  suspended: boolean;
  gender: Sex | null;
  preferredSex: Sex | null;
  /** A processed quiz: in SQL a personality_vector row; a newcomer's stored answers before it is built. */
  answered: boolean;
}

/** Why a member cannot be matched (the first rule they miss), or undefined when they can. */
export type Unmatchable = 'unverified' | 'suspended' | 'noProfile' | 'noQuiz';

export function unmatchableBecause(member: MemberFacts): Unmatchable | undefined {
  if (!member.verified) return 'unverified';
  if (member.suspended) return 'suspended';
  if (!member.gender || !member.preferredSex) return 'noProfile';
  if (!member.answered) return 'noQuiz';
  return undefined;
}

/** Rule 1: verified, not suspended, with a profile (both sexes) and a processed quiz. */
export function isMatchable(member: MemberFacts): member is MemberFacts & { gender: Sex; preferredSex: Sex } {
  return unmatchableBecause(member) === undefined;
}

/**
 * Rule 1 in SQL: the view of every matchable member (migration 20261125001200), what the candidate pool,
 * the daily run's list of users and the empty-state promise read. test/api/eligibility.e2e-spec.ts checks
 * it against `isMatchable` on the same rows.
 */
export const MATCHABLE_MEMBER = 'matchable_member';

/**
 * Rule 2: the candidates a seeker may meet are exactly the members of the sex the seeker prefers who look
 * for the seeker's sex, i.e. those whose (gender, preferredSex) is this.
 */
export function soughtBy(seeker: { gender: Sex; preferredSex: Sex }): { gender: Sex; preferredSex: Sex } {
  return { gender: seeker.preferredSex, preferredSex: seeker.gender };
}

/**
 * Rule 3, given the ids `apart` from the seeker: blocked either way or unmatched (match_block, forever) or
 * shown with them, either way, on a day of `repeatWindow`.
 */
export function mayMeet(seekerId: string, candidateId: string, apart: ReadonlySet<string>): boolean {
  return seekerId !== candidateId && !apart.has(candidateId);
}

/**
 * A pair shown on day X (in either direction) is not shown again before day X + 30. On the same day both
 * may see each other: that is one mutual match, not a repeat, and it keeps a run's result independent of
 * the order users are processed in.
 */
export const REPEAT_WINDOW_DAYS = 30;

/** The days whose picks keep a pair apart on `day`: from `from` up to and including `until`. */
export function repeatWindow(day: CalendarDay): { from: CalendarDay; until: CalendarDay } {
  return { from: addDays(day, -(REPEAT_WINDOW_DAYS - 1)), until: addDays(day, -1) };
}

/**
 * Rule 4, checked with the owners when a card is read, so a block, an unmatch (connections) or a
 * suspension takes a card away at once.
 */
export function stillPresent(candidate: { active: boolean; blocked: boolean; ended: boolean }): boolean {
  return candidate.active && !candidate.blocked && !candidate.ended;
}
