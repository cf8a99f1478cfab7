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
