/** What other contexts may use of matching; everything else in libs/matching is its own (.dependency-cruiser.cjs). */
export * from './storage/match-history.js';
export { addDays, calendarDay, type CalendarDay } from './domain/calendar-day.js';
