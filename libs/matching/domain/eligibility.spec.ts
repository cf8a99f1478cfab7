import {
  isEligibleCandidate,
  isMutualFit,
  pairKey,
  repeatWindow,
  type MatchingFacts,
} from './eligibility.js';
import { addDays, calendarDay } from './calendar-day.js';

const person = (userId: string, overrides: Partial<MatchingFacts> = {}): MatchingFacts => ({
  userId,
  verified: true,
  profile: { gender: 'female', preferredSex: 'male' },
  quizComplete: true,
  ...overrides,
});
const him = person('him', { profile: { gender: 'male', preferredSex: 'female' } });
const her = person('her');
const none = new Set<string>();

describe('eligibility', () => {
  it('needs each to be the sex the other prefers', () => {
    expect(
      isMutualFit({ gender: 'male', preferredSex: 'female' }, { gender: 'female', preferredSex: 'male' }),
    ).toBe(true);
    expect(
      isMutualFit({ gender: 'female', preferredSex: 'female' }, { gender: 'female', preferredSex: 'female' }),
    ).toBe(true);
    expect(
      isMutualFit({ gender: 'male', preferredSex: 'female' }, { gender: 'female', preferredSex: 'female' }),
    ).toBe(false);
    expect(
      isMutualFit({ gender: 'male', preferredSex: 'male' }, { gender: 'female', preferredSex: 'male' }),
    ).toBe(false);
    expect(isEligibleCandidate(him, her, none)).toBe(true);
    expect(
      isEligibleCandidate(him, person('x', { profile: { gender: 'male', preferredSex: 'female' } }), none),
    ).toBe(false);
  });

  it('needs the candidate verified, with a profile and a finished quiz', () => {
    expect(isEligibleCandidate(him, person('a', { verified: false }), none)).toBe(false);
    expect(isEligibleCandidate(him, person('b', { profile: null }), none)).toBe(false);
    expect(isEligibleCandidate(him, person('c', { quizComplete: false }), none)).toBe(false);
  });

  it('never matches a user with themself', () => {
    const both = person('same', { profile: { gender: 'female', preferredSex: 'female' } });
    expect(isEligibleCandidate(both, both, none)).toBe(false);
  });

  it('blocks a pair shown to each other, in either direction, within 30 days', () => {
    expect(isEligibleCandidate(him, her, new Set([pairKey('her', 'him')]))).toBe(false);
    expect(pairKey('a', 'b')).toBe(pairKey('b', 'a'));
    // shown on day X blocks days X+1 … X+29; from X+30 they may meet again
    const day = '2026-11-30';
    const { from, until } = repeatWindow(day);
    expect(from).toBe('2026-11-01');
    expect(until).toBe('2026-11-29');
    expect(addDays(from, 29)).toBe(day);
  });

  it('counts days in the configured time zone', () => {
    const instant = new Date('2026-11-22T23:30:00Z');
    expect(calendarDay(instant, 'UTC')).toBe('2026-11-22');
    expect(calendarDay(instant, 'Europe/Berlin')).toBe('2026-11-23');
    expect(calendarDay(instant, 'America/Los_Angeles')).toBe('2026-11-22');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });
});
