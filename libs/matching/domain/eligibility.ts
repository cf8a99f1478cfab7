import { addDays, type CalendarDay } from './calendar-day.js';

export type Sex = 'male' | 'female';

/*
 * Who can be matched at all (verified, not suspended, a profile, a processed quiz) is the database view
 * matchable_member (migration 20261124000700), read by every path. What is left here is the pair rule the
 * engine applies in memory: each the sex the other prefers (the pool groups by it), never oneself, and no
 * repeat within the window below.
 */

/**
 * A pair shown on day X (in either direction) is not shown again before day X + 30. On the same day both
 * may see each other: that is one mutual match, not a repeat, and it keeps a run's result independent of
 * the order users are processed in.
 */
export const REPEAT_WINDOW_DAYS = 30;

/** The days whose picks block a pair on `day`: from `from` up to and including `until`. */
export function repeatWindow(day: CalendarDay): { from: CalendarDay; until: CalendarDay } {
  return { from: addDays(day, -(REPEAT_WINDOW_DAYS - 1)), until: addDays(day, -1) };
}
