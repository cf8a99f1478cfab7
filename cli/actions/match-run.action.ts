import { CommandBus } from '@nestjs/cqrs';
import {
  calendarDay,
  isCalendarDay,
  MatchingOperations,
  RequestDailyMatchesCommand,
  type DailyRunReport,
  type DayFigures,
  type SummaryPassReport,
} from '../../libs/matching/index.js';
import type { CliContext } from '../context/cli-context.js';
import { EventSettler } from '../context/event-settler.js';
import { CliError, ExitCode } from '../ui/cli-error.js';
import type { Output } from '../ui/output.js';
import { startProgress, type Progress } from '../ui/progress.js';

export interface MatchRunOptions {
  /** 'YYYY-MM-DD'; today in TZ when absent. */
  date?: string;
  progress?: boolean;
  json?: boolean;
}

/**
 * The run's figures (`ms`: from the request to the day's last set stored), and its summaries: those the
 * chunks' summary pass (MatchSetsStored) wrote beside and after the run, and any a last sweep over the day
 * found missing (`summaryPass.ms`: from the request until all are written).
 */
export type MatchRunReport = DailyRunReport & { summaryPass: SummaryPassReport };

const POLL_MS = 1000;
/** With the matchers elsewhere (Kafka): how long the count of members without a set may stand still. */
const STALL_MS = 5 * 60_000;

/** Sets not coming for this long: the members still without one are counted. */
const QUIET_MS = 10_000;

/**
 * The daily run, now, on the schedule's own path: the RequestDailyMatchesCommand the scheduler sends
 * (reopening a day already requested, for whoever is still without a set), then waiting until the
 * MatchRequested chunks are answered, by this process's consumers or the matchers, with their summary pass,
 * and a last sweep of the day's missing summaries. Idempotent per user and day, so a second run creates
 * nothing. The report is read from the database around it.
 */
export async function matchRunAction(
  context: CliContext,
  options: MatchRunOptions,
  out: Output,
): Promise<MatchRunReport> {
  const day = options.date ?? calendarDay(new Date(), context.config.timeZone);
  if (!isCalendarDay(day)) {
    throw new CliError(`--date must be a calendar day as YYYY-MM-DD, got '${day}'`, ExitCode.usage);
  }
  const matching = context.app.get(MatchingOperations, { strict: false });
  const figures = () => matching.dayFigures(day);
  const before = await figures();
  const watcher = options.progress ? watchProgress(day, before, () => matching.setCount(day)) : undefined;
  let refreshed: number;
  let remaining: number;
  // The figures are timed from the request, as the report says; counting the day before it is not the run.
  const started = performance.now();
  const startedAt = Date.now();
  try {
    const request = await context.app
      .get(CommandBus)
      .execute(new RequestDailyMatchesCommand(day, { reopen: true }));
    if (!request.claimed)
      throw new CliError(
        `Another process is requesting the sets of ${day} right now; run this again once it is done`,
      );
    refreshed = request.refreshed;
    remaining = await untilAnswered(context, before, figures, () => matching.setCount(day));
  } finally {
    await watcher?.stop();
  }
  const answered = await figures();
  await matching.writeMissingSummaries(day);
  const after = await figures();
  const total = Math.round(performance.now() - started);
  // The run's own figure ends with the day's last set; the summary pass goes on beside and after it.
  const lastSet = await matching.lastSetAt(day);
  const ms =
    lastSet && answered.sets > before.sets
      ? Math.min(total, Math.max(0, Math.round(lastSet.getTime() - startedAt)))
      : total;
  const report: MatchRunReport = {
    day,
    users: answered.matchable,
    sets: answered.sets - before.sets,
    empty: answered.empty - before.empty,
    existing: before.matchable - before.withoutSet,
    refreshed,
    ms,
    summaryPass: { day, summaries: after.summarised - before.summarised, ms: total },
  };
  if (options.json) out.json(report);
  else {
    out.line(summaryLine(report));
    out.line(summaryPassLine(report.summaryPass));
  }
  // The report is printed either way; a run that left members without a set did not do its job.
  if (remaining > 0)
    throw new CliError(
      `${remaining} matchable users of ${day} are still without a set: see the matchers' logs.`,
      ExitCode.failure,
    );
  return report;
}

export function summaryPassLine(pass: SummaryPassReport): string {
  return `Summaries for ${pass.day}: ${pass.summaries} written, all done ${(pass.ms / 1000).toFixed(1)} s after the request.`;
}

export function summaryLine(report: DailyRunReport): string {
  return (
    `Daily run for ${report.day}: ${report.users} users, ${report.sets} sets (${report.empty} empty), ` +
    `${report.existing} already had one, ${report.refreshed} personality vectors refreshed, ` +
    `${(report.ms / 1000).toFixed(1)} s.`
  );
}

/**
 * Waits until the requested chunks are answered; returns how many matchable members are still without a
 * set. This process's consumers (the embedded deployment), or the running app's beside it, are done once its
 * events settle. Matchers elsewhere are followed through the day's set count (cheap to poll); the members
 * without a set, a costly count, are asked once the sets reach those missing at the start or stop coming for a
 * while, until none is left or the count stands still.
 */
async function untilAnswered(
  context: CliContext,
  before: DayFigures,
  figures: () => Promise<DayFigures>,
  setCount: () => Promise<number>,
): Promise<number> {
  await context.app.get(EventSettler).settle();
  let remaining = (await figures()).withoutSet;
  if (!context.config.distributed) return remaining;
  let sets = await setCount();
  let movedAt = Date.now();
  while (remaining > 0 && Date.now() - movedAt < STALL_MS) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    const now = await setCount();
    if (now > sets) movedAt = Date.now();
    sets = now;
    if (sets - before.sets >= before.withoutSet || Date.now() - movedAt >= QUIET_MS)
      remaining = (await figures()).withoutSet;
  }
  return remaining;
}

/**
 * The bar follows the database: sets written for the day against members without one at the start. It polls
 * only the day's set count: the whole figures count every matchable member twice, a second or more of
 * PostgreSQL's time at 100k members, taken from the run it watches.
 */
function watchProgress(
  day: string,
  before: DayFigures,
  setCount: () => Promise<number>,
): { stop(): Promise<void> } {
  const progress: Progress = startProgress(`Matching ${day}`, Math.max(before.withoutSet, 1));
  let stopped = false;
  let polling: Promise<void> = Promise.resolve();
  const show = async () => {
    const done = (await setCount()) - before.sets;
    if (done > before.withoutSet) progress.setTotal(done);
    progress.update(done);
    return done;
  };
  const timer = setInterval(() => {
    polling = polling
      .then(async () => {
        if (!stopped) await show();
      })
      // A missed poll only delays the bar.
      .catch(() => undefined);
  }, POLL_MS);
  return {
    async stop() {
      clearInterval(timer);
      stopped = true;
      await polling;
      const done = await show().catch(() => 0);
      progress.setTotal(Math.max(done, 1));
      progress.update(done);
      progress.stop();
    },
  };
}
