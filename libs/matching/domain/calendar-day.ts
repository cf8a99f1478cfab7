/** A calendar day as 'YYYY-MM-DD'. Match sets are per day in the configured time zone (TZ). */
export type CalendarDay = string;

const formatters = new Map<string, { format: Intl.DateTimeFormat; minute: number; day: CalendarDay }>();

/** The calendar day `at` falls on in `timeZone` (an IANA name such as 'Europe/Berlin'). */
export function calendarDay(at: Date, timeZone: string): CalendarDay {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    // en-CA formats dates as YYYY-MM-DD.
    const format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    formatter = { format, minute: NaN, day: '' };
    formatters.set(timeZone, formatter);
  }
  // Every request asks; days change on whole minutes in every zone, so the last minute's answer is kept.
  const minute = Math.floor(at.getTime() / 60_000);
  if (minute !== formatter.minute) {
    formatter.day = formatter.format.format(at);
    formatter.minute = minute;
  }
  return formatter.day;
}

export function isCalendarDay(value: string): value is CalendarDay {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  // Month 13 is an invalid date (toISOString would throw); Feb 30 rolls over to March and fails the prefix check.
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(value);
}

/** Day arithmetic on the calendar, independent of any time zone. */
export function addDays(day: CalendarDay, days: number): CalendarDay {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
