import { addDays, isCalendarDay } from './calendar-day.js';

describe('calendar days', () => {
  it('accepts real dates only, without throwing', () => {
    expect(isCalendarDay('2026-11-22')).toBe(true);
    expect(isCalendarDay('2028-02-29')).toBe(true);
    for (const value of ['2026-13-01', '2026-02-30', '2026-00-10', '2026-1-1', 'tomorrow', '']) {
      expect(isCalendarDay(value)).toBe(false);
    }
  });

  it('adds days across month and year ends', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});
