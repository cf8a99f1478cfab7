import { InvalidArgumentError } from 'commander';
import { addDays, isCalendarDay } from '../../libs/matching/index.js';

/** Whole numbers only ("10", not "1e1" or "10.5"), within bounds. */
export function integerIn(min: number, max: number): (value: string) => number {
  return (value) => {
    if (!/^\d+$/.test(value.trim()))
      throw new InvalidArgumentError(`expected a whole number from ${min} to ${max}.`);
    const number = Number(value);
    if (number < min || number > max)
      throw new InvalidArgumentError(`expected a whole number from ${min} to ${max}.`);
    return number;
  };
}

export function calendarDayOption(value: string): string {
  const trimmed = value.trim();
  if (!isCalendarDay(trimmed)) throw new InvalidArgumentError('expected a calendar day as YYYY-MM-DD.');
  return trimmed;
}

/** How far from today `match run --date` reaches: a mistyped year must not make a whole day of sets. */
const MATCH_DAY_REACH_DAYS = 366;

/** A calendar day within a year of today (UTC): the days a run may be for. */
export function matchDayOption(value: string, today = new Date().toISOString().slice(0, 10)): string {
  const day = calendarDayOption(value);
  const [first, last] = [addDays(today, -MATCH_DAY_REACH_DAYS), addDays(today, MATCH_DAY_REACH_DAYS)];
  if (day < first || day > last)
    throw new InvalidArgumentError(`expected a day within a year of today, from ${first} to ${last}.`);
  return day;
}

/** An address as accounts have them (something@somewhere): a typo is a usage error, not an unknown account. */
export function emailArgument(value: string): string {
  const trimmed = value.trim();
  if (!/^[^\s@]+@[^\s@]+$/.test(trimmed)) throw new InvalidArgumentError('expected an email address.');
  return trimmed;
}

/** An id as the API and `reports list` show them. */
export function uuidArgument(value: string): string {
  const trimmed = value.trim();
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(trimmed))
    throw new InvalidArgumentError('expected an id like 0b6f6c1e-0f7a-4c8e-9a53-2f1d7c5e8b90.');
  return trimmed.toLowerCase();
}
