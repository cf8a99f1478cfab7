import { InvalidArgumentError } from 'commander';
import {
  calendarDayOption,
  emailArgument,
  integerIn,
  matchDayOption,
  uuidArgument,
} from './option-parsers.js';

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

  it('takes an email address and an id as such, else a usage error', () => {
    expect(emailArgument(' ada@example.com ')).toBe('ada@example.com');
    for (const bad of ['not-an-email', '@example.com', 'ada@', 'a b@example.com', ''])
      expect(() => emailArgument(bad)).toThrow(InvalidArgumentError);
    expect(uuidArgument('0B6F6C1E-0F7A-4C8E-9A53-2F1D7C5E8B90')).toBe('0b6f6c1e-0f7a-4c8e-9a53-2f1d7c5e8b90');
    for (const bad of ['not-a-uuid', '0b6f6c1e0f7a4c8e9a532f1d7c5e8b90', ''])
      expect(() => uuidArgument(bad)).toThrow(InvalidArgumentError);
  });
});
