import { addDays, calendarDay } from './calendar-day.js';
import {
  isMatchable,
  mayMeet,
  repeatWindow,
  soughtBy,
  stillPresent,
  unmatchableBecause,
  type MemberFacts,
} from './eligibility.js';

const complete: MemberFacts = {
  verified: true,
  suspended: false,
  gender: 'female',
  preferredSex: 'male',
  answered: true,
};

describe('who can be matched', () => {
  it('is a verified, unsuspended member with a profile and a processed quiz', () => {
    expect(isMatchable(complete)).toBe(true);
    expect(unmatchableBecause({ ...complete, verified: false })).toBe('unverified');
    expect(unmatchableBecause({ ...complete, suspended: true })).toBe('suspended');
    expect(unmatchableBecause({ ...complete, gender: null })).toBe('noProfile');
    expect(unmatchableBecause({ ...complete, preferredSex: null })).toBe('noProfile');
    expect(unmatchableBecause({ ...complete, answered: false })).toBe('noQuiz');
    // The first rule missed is the reason given (the order of POST /match/new's answers).
    expect(unmatchableBecause({ ...complete, verified: false, gender: null, answered: false })).toBe(
      'unverified',
    );
  });

  it('seeks the preferred sex looking for the seeker’s own, both ways', () => {
    expect(soughtBy({ gender: 'female', preferredSex: 'male' })).toEqual({
      gender: 'male',
      preferredSex: 'female',
    });
    expect(soughtBy({ gender: 'male', preferredSex: 'male' })).toEqual({
      gender: 'male',
      preferredSex: 'male',
    });
    const seeker = { gender: 'female', preferredSex: 'male' } as const;
    expect(soughtBy(soughtBy(seeker))).toEqual(seeker);
  });

  it('never pairs oneself or a pair kept apart', () => {
    expect(mayMeet('a', 'b', new Set())).toBe(true);
    expect(mayMeet('a', 'a', new Set())).toBe(false);
    expect(mayMeet('a', 'b', new Set(['b']))).toBe(false);
  });

  it('keeps a card while the candidate is active, unblocked and not unmatched', () => {
    expect(stillPresent({ active: true, blocked: false, ended: false })).toBe(true);
    expect(stillPresent({ active: false, blocked: false, ended: false })).toBe(false);
    expect(stillPresent({ active: true, blocked: true, ended: false })).toBe(false);
    expect(stillPresent({ active: true, blocked: false, ended: true })).toBe(false);
  });
});

describe('the repeat window', () => {
  it('blocks days X+1 … X+29 after a pair was shown on day X; from X+30 they may meet again', () => {
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
