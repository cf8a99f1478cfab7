import { addDays, calendarDay, isCalendarDay } from './calendar-day.js';

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

  it('turns the day at midnight in the zone, on the minute, however calls interleave', () => {
    // Kathmandu is 5:45 ahead of UTC.
    const before = new Date('2026-11-24T18:14:59.999Z');
    const after = new Date('2026-11-24T18:15:00.000Z');
    expect(calendarDay(before, 'Asia/Kathmandu')).toBe('2026-11-24');
    expect(calendarDay(after, 'Asia/Kathmandu')).toBe('2026-11-25');
    expect(calendarDay(before, 'Asia/Kathmandu')).toBe('2026-11-24');
    expect(calendarDay(after, 'UTC')).toBe('2026-11-24');
    expect(calendarDay(new Date('2026-11-24T23:59:59.999Z'), 'UTC')).toBe('2026-11-24');
    expect(calendarDay(new Date('2026-11-25T00:00:00.000Z'), 'UTC')).toBe('2026-11-25');
  });
});
