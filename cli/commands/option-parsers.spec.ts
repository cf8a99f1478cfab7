import { InvalidArgumentError } from 'commander';
import { calendarDayOption, integerIn, matchDayOption } from './option-parsers.js';

describe('option parsers', () => {
  it('accepts whole numbers in range only', () => {
    const users = integerIn(1, 1000);
    expect(users('30')).toBe(30);
    expect(users(' 1000 ')).toBe(1000);
    for (const bad of ['0', '1001', '-5', '1e3', '10.5', 'ten', '']) {
      expect(() => users(bad)).toThrow(InvalidArgumentError);
    }
  });

  it('accepts real calendar days only', () => {
    expect(calendarDayOption('2026-11-22')).toBe('2026-11-22');
    expect(calendarDayOption('2028-02-29')).toBe('2028-02-29');
    for (const bad of ['2026-02-30', '2026-13-01', '22/11/2026', 'today', '2026-1-5']) {
      expect(() => calendarDayOption(bad)).toThrow(InvalidArgumentError);
    }
  });

  it('takes a day to match for within a year of today only', () => {
    expect(matchDayOption('2026-10-30', '2026-11-28')).toBe('2026-10-30');
    expect(matchDayOption('2025-11-27', '2026-11-28')).toBe('2025-11-27');
    expect(matchDayOption('2027-11-29', '2026-11-28')).toBe('2027-11-29');
    for (const bad of ['2020-01-01', '9999-12-31', '0001-01-01', '2025-11-26', '2027-11-30', '2026-02-30'])
      expect(() => matchDayOption(bad, '2026-11-28')).toThrow(InvalidArgumentError);
  });
});
