import { repeatWindow } from './eligibility.js';
import { addDays, calendarDay } from './calendar-day.js';

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
