/**
 * What other contexts and the CLI may use of matching; everything else in libs/matching is its own
 * (.dependency-cruiser.cjs). Operators get the commands, ListMemberMatchesQuery and MatchingOperations, not
 * its repositories.
 */
export * from './storage/match-history.js';
export { PairAsSeen } from './summaries/pair-as-seen.js';
export { addDays, calendarDay, isCalendarDay, type CalendarDay } from './domain/calendar-day.js';
export { RequestMatchesCommand } from './commands/request-matches/request-matches.command.js';
export { RequestDailyMatchesCommand } from './commands/request-daily-matches/request-daily-matches.command.js';
export type { DailyRunReport } from './daily-run/daily-match-run.js';
export type { DayFigures } from './daily-run/daily-match-run.repository.js';
export type { SummaryPassReport } from './summaries/summary-pass.js';
export { MatchingOperations } from './operations/matching-operations.js';
export {
  ListMemberMatchesQuery,
  type MemberMatch,
  type MemberMatches,
} from './queries/list-member-matches/list-member-matches.query.js';
