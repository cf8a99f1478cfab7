import { MikroORM } from '@mikro-orm/core';
import { DailyMatchRun, type DailyRunReport } from '../../libs/matching/match-sets/daily-match-run.js';
import type { SummaryPassReport } from '../../libs/matching/match-sets/summary-pass.js';
import { DailyMatchRunRepository } from '../../libs/matching/match-sets/daily-match-run.repository.js';
import type { CliContext } from '../context/cli-context.js';
import { isCalendarDay } from '../../libs/matching/domain/calendar-day.js';
import { CliError, ExitCode } from '../ui/cli-error.js';
import type { Output } from '../ui/output.js';
import { startProgress, type Progress } from '../ui/progress.js';

export interface MatchRunOptions {
  /** 'YYYY-MM-DD'; today in TZ when absent. */
  date?: string;
  progress?: boolean;
  json?: boolean;
  /** The summary pass after the run (default on); off leaves the summaries to first reads. */
  summaries?: boolean;
}

export type MatchRunReport = DailyRunReport & { summaryPass?: SummaryPassReport };

const POLL_MS = 1000;

/**
 * The daily run, now: the matching engine's own DailyMatchRun (catch up personality vectors, score
 * everyone, write the sets), then the day's summary pass, reported on its own line. Both are idempotent per
 * user and day, so a second run creates nothing.
 */
export async function matchRunAction(
  context: CliContext,
  options: MatchRunOptions,
  out: Output,
): Promise<MatchRunReport> {
  const run = context.app.get(DailyMatchRun, { strict: false });
  const day = options.date ?? run.today();
  if (!isCalendarDay(day)) {
    throw new CliError(`--date must be a calendar day as YYYY-MM-DD, got '${day}'`, ExitCode.usage);
  }
  const watcher = options.progress ? await watchProgress(context, day) : undefined;
  let report: MatchRunReport;
  try {
    report = await run.run(day);
  } finally {
    await watcher?.stop();
  }
  if (!options.json) out.line(summaryLine(report));
  if (options.summaries !== false) {
    report = { ...report, summaryPass: await run.writeSummaries(day) };
    if (!options.json) out.line(summaryPassLine(report.summaryPass!));
  }
  if (options.json) out.json(report);
  return report;
}

export function summaryPassLine(pass: SummaryPassReport): string {
  const perSecond = pass.ms > 0 ? Math.round((pass.summaries * 1000) / pass.ms) : pass.summaries;
  return `Summaries for ${pass.day}: ${pass.summaries} written, ${(pass.ms / 1000).toFixed(1)} s (${perSecond}/s).`;
}

export function summaryLine(report: DailyRunReport): string {
  return (
    `Daily run for ${report.day}: ${report.users} users, ${report.sets} sets (${report.empty} empty), ` +
    `${report.existing} already had one, ${report.refreshed} personality vectors refreshed, ` +
    `${(report.ms / 1000).toFixed(1)} s.`
  );
}

/**
 * The run reports only at the end, so the bar follows the database: sets written for the day against
 * matchable users still without one when the run started.
 */
async function watchProgress(context: CliContext, day: string): Promise<{ stop(): Promise<void> }> {
  const orm = context.app.get(MikroORM);
  const runs = context.app.get(DailyMatchRunRepository, { strict: false });
  const before = await runs.countSets(orm.em.fork(), day);
  const waiting = (await runs.usersWithoutSet(orm.em.fork(), day)).length;
  const progress: Progress = startProgress(`Matching ${day}`, Math.max(waiting, 1));
  let stopped = false;
  let polling: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    polling = polling
      .then(async () => {
        if (stopped) return;
        const done = (await runs.countSets(orm.em.fork(), day)) - before;
        if (done > waiting) progress.setTotal(done);
        progress.update(done);
      })
      // A missed poll only delays the bar.
      .catch(() => undefined);
  }, POLL_MS);
  return {
    async stop() {
      clearInterval(timer);
      stopped = true;
      await polling;
      const done = (await runs.countSets(orm.em.fork(), day)) - before;
      progress.setTotal(Math.max(done, 1));
      progress.update(done);
      progress.stop();
    },
  };
}
