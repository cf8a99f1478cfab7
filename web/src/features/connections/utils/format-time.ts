const time = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' });
const weekday = new Intl.DateTimeFormat(undefined, { weekday: 'short' });
const date = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short' });
const full = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

const DAY_MS = 24 * 60 * 60 * 1000;

/** Short, for lists and bubbles: the time today, the weekday this week, else the date. */
export function formatWhen(iso: string, now = new Date()): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  if (at.toDateString() === now.toDateString()) return time.format(at);
  if (now.getTime() - at.getTime() < 6 * DAY_MS) return `${weekday.format(at)} ${time.format(at)}`;
  return date.format(at);
}

/** For the `title` and the <time> element: everything. */
export function formatFull(iso: string): string {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? '' : full.format(at);
}
