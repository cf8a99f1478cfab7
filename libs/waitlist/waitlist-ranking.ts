/**
 * The waitlist order (design.md, 'Rules: Waitlist'), as a pure function of two facts per user.
 *
 * - `joinRank`: 1 for the first account ever created, 2 for the next, … (app_user.join_seq order, gaps closed).
 * - `verifiedReferrals`: accounts that signed up with this user's code AND verified their email. Unverified
 *   sign-ups earn nothing, so throwaway addresses cannot buy places.
 *
 * Each verified referral takes 10 off the join rank: `score = joinRank − 10 × verifiedReferrals`.
 * Everyone is ordered by score, lowest first. On equal scores the user with more verified referrals goes
 * first: a mover lands *in front of* the person who holds the slot they moved to, so one referral from
 * rank 15 gives position 5, exactly ten places up. (Equal score and equal referrals means equal join rank,
 * i.e. the same user, so the order is total and deterministic.) Position is 1 + the number of users ordered
 * ahead, so it is never above 1 however negative a score gets.
 *
 * Accounts' WaitlistStandings computes the same order in SQL; the e2e test checks the two agree.
 */
export const PLACES_PER_VERIFIED_REFERRAL = 10;

export interface WaitlistEntry {
  joinRank: number;
  verifiedReferrals: number;
}

export function waitlistScore(entry: WaitlistEntry): number {
  return entry.joinRank - PLACES_PER_VERIFIED_REFERRAL * entry.verifiedReferrals;
}

/** Negative when `a` is ahead of `b`. */
export function compareWaitlistEntries(a: WaitlistEntry, b: WaitlistEntry): number {
  return (
    waitlistScore(a) - waitlistScore(b) ||
    b.verifiedReferrals - a.verifiedReferrals ||
    a.joinRank - b.joinRank
  );
}

/** 1-based position of `entry` among `everyone` (which includes it). */
export function waitlistPosition(entry: WaitlistEntry, everyone: readonly WaitlistEntry[]): number {
  return 1 + everyone.filter((other) => compareWaitlistEntries(other, entry) < 0).length;
}
