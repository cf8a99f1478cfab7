import {
  compareWaitlistEntries,
  PLACES_PER_VERIFIED_REFERRAL,
  waitlistPosition,
  waitlistScore,
  type WaitlistEntry,
} from './waitlist-ranking.js';

/** A queue of `size` users in join order, with referrals for some of them (by join rank). */
function queue(size: number, referrals: Record<number, number> = {}): WaitlistEntry[] {
  return Array.from({ length: size }, (_, i) => ({
    joinRank: i + 1,
    verifiedReferrals: referrals[i + 1] ?? 0,
  }));
}

function positions(entries: WaitlistEntry[]): number[] {
  return entries.map((entry) => waitlistPosition(entry, entries));
}

describe('waitlist ranking', () => {
  it('is join order when nobody has referred anyone', () => {
    expect(positions(queue(5))).toEqual([1, 2, 3, 4, 5]);
  });

  it('moves a referrer up exactly 10 places per verified referral', () => {
    const everyone = queue(30, { 15: 1, 28: 2 });
    expect(waitlistPosition(everyone[14]!, everyone)).toBe(5);
    // Score 28 − 20 = 8: ranks 1–7 and the other mover (score 5) are ahead; it goes in front of rank 8.
    expect(waitlistPosition(everyone[27]!, everyone)).toBe(9);
    expect(PLACES_PER_VERIFIED_REFERRAL).toBe(10);
  });

  it('lets the mover in front of whoever held the slot it moved to, who moves down one', () => {
    const everyone = queue(15, { 15: 1 });
    expect(positions(everyone)).toEqual([1, 2, 3, 4, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 5]);
  });

  it('never goes above 1', () => {
    const everyone = queue(12, { 3: 1, 12: 5 });
    expect(waitlistScore(everyone[11]!)).toBe(12 - 50);
    expect(waitlistPosition(everyone[11]!, everyone)).toBe(1);
    expect(waitlistPosition(everyone[2]!, everyone)).toBe(2);
    expect(waitlistPosition(everyone[0]!, everyone)).toBe(3);
  });

  it('breaks equal scores deterministically: more referrals first, then earlier join', () => {
    const early = { joinRank: 4, verifiedReferrals: 0 };
    const mover = { joinRank: 14, verifiedReferrals: 1 };
    const bigMover = { joinRank: 24, verifiedReferrals: 2 };
    expect([early, mover, bigMover].sort(compareWaitlistEntries)).toEqual([bigMover, mover, early]);
    expect(compareWaitlistEntries(early, early)).toBe(0);
  });

  it('gives every user a distinct position, 1..n, a permutation of the queue', () => {
    const everyone = queue(40, { 2: 3, 7: 1, 19: 2, 33: 4, 40: 1 });
    expect(positions(everyone).sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
  });
});
