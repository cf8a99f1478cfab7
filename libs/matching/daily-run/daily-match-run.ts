import { Injectable, Logger, Optional } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import { AppConfig } from '../../config/app-config.js';
import { calendarDay, isCalendarDay } from '../domain/calendar-day.js';
import { DailyMatchRunRepository } from './daily-match-run.repository.js';
import { MatchSetGenerator } from '../generation/match-set-generator.js';
import { RecentPairs } from '../generation/recent-pairs.js';
import { MatchingErrors } from '../matching-errors.js';
import { SummaryPass, type SummaryPassReport } from '../summaries/summary-pass.js';
import { PersonalityVectors } from '../personality/personality-vectors.js';
import { CandidatePools } from '../pool/candidate-pools.js';
import { Metrics } from '../../shared/observability/metrics.js';

export interface DailyRunReport {
  day: string;
  /** Matchable users (verified, profile, processed quiz) considered. */
  users: number;
  /** Sets this run created. */
  sets: number;
  /** …of which empty. */
  empty: number;
  /** Users who already had a set for the day (an earlier run or their own request). */
  existing: number;
  /** Personality vectors caught up before matching. */
  refreshed: number;
  ms: number;
}

/**
 * The whole day's matching in one call, without HTTP or events: catch up stale personality vectors,
 * load every matchable user into typed arrays once, and compute every missing set in blocks; then, as its
 * own step, the day's summary pass (`writeSummaries`). The benchmark and tests call it directly (the
 * schedule and `fated match run` send RequestDailyMatchesCommand); it is idempotent per user and day, so
 * running it twice, or alongside the scheduled run, creates no second set for anyone.
 */
@Injectable()
export class DailyMatchRun {
  private readonly logger = new Logger('DailyMatchRun');

  constructor(
    private readonly orm: MikroORM,
    private readonly config: AppConfig,
    private readonly personality: PersonalityVectors,
    private readonly pools: CandidatePools,
    private readonly generator: MatchSetGenerator,
    private readonly recentPairs: RecentPairs,
    private readonly runs: DailyMatchRunRepository,
    private readonly summaries: SummaryPass,
    @Optional() private readonly metrics?: Metrics,
  ) {}

  today(): string {
    return calendarDay(new Date(), this.config.timeZone);
  }

  async run(day: string = this.today()): Promise<DailyRunReport> {
    if (!isCalendarDay(day)) throw MatchingErrors.invalidDay(day);
    const started = performance.now();
    const refreshed = await this.personality.refreshStale();
    const loadStarted = performance.now();
    const [pool, recent, snapshot] = await Promise.all([
      this.pools.get(0),
      this.recentPairs.forDay(day).then((index) => ({ index, ms: performance.now() - loadStarted })),
      this.generator.snapshot(day),
    ]);
    const loaded = performance.now();
    const users = pool.userIds().sort();
    const result = await this.generator.generate(day, users, { pool, recent: recent.index, snapshot });
    const finished = performance.now();
    const ms = Math.round(finished - started);
    const report: DailyRunReport = {
      day,
      users: users.length,
      sets: result.created,
      empty: result.empty,
      existing: result.existing,
      refreshed,
      ms,
    };
    await this.runs.recordCompleted(
      this.orm.em.fork(),
      day,
      { users: report.users, sets: report.sets, empty: report.empty, ms },
      new Date(),
    );
    this.recordMetrics({
      vectors: loadStarted - started,
      load: loaded - loadStarted,
      generate: finished - loaded,
    });
    this.logger.log(
      `day ${day}: ${report.sets} sets (${report.empty} empty) for ${report.users} users, ${report.existing} existing, ${ms} ms`,
    );
    this.logger.debug(
      `day ${day}: vectors caught up ${Math.round(loadStarted - started)} ms, pool and 30-day window loaded ` +
        `${Math.round(loaded - loadStarted)} ms (window ${Math.round(recent.ms)} ms, ${recent.index.size} pairs; ` +
        `${snapshot.existing.size} sets of the day so far)`,
    );
    return report;
  }

  /** The day's summaries still missing, written after the run so that first reads find them. */
  async writeSummaries(day: string = this.today()): Promise<SummaryPassReport> {
    if (!isCalendarDay(day)) throw MatchingErrors.invalidDay(day);
    const report = await this.summaries.forDay(day);
    this.logger.log(`day ${day}: ${report.summaries} summaries written, ${report.ms} ms`);
    return report;
  }

  private recordMetrics(phasesMs: Record<'vectors' | 'load' | 'generate', number>): void {
    if (!this.metrics) return;
    let total = 0;
    for (const [phase, ms] of Object.entries(phasesMs)) {
      this.metrics.dailyRunDuration.observe({ phase }, ms / 1000);
      total += ms;
    }
    this.metrics.dailyRunDuration.observe({ phase: 'total' }, total / 1000);
  }
}
