/**
 * 'YYYY-MM-DD' naming a day that exists. Checked here rather than with the matching library's
 * isCalendarDay, which throws a RangeError on month 13 (Invalid Date) instead of answering false.
 */
export function isRealCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  // February 30 parses, rolling over into March: the round trip catches it.
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
}
