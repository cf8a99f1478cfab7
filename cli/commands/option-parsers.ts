import { InvalidArgumentError } from 'commander';
import { isCalendarDay } from '../../libs/matching/index.js';

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
