import { Injectable, Optional } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import { Metrics } from '../../shared/observability/metrics.js';
import { MatchSetRepository } from '../storage/match-set.repository.js';
import { PickSummaries } from './pick-summaries.js';

/** Members per batch: one read of their picks and people, one update; at most 750 summaries in memory. */
const MEMBERS_PER_BATCH = 250;

export interface SummaryPassReport {
  day: string;
  /** Summaries this pass wrote. */
  summaries: number;
  ms: number;
}

/**
 * Writes a day's compatibility summaries in the background, right after its sets are stored, so that the
 * morning's first reads find them instead of each writing three. Batched and bounded (a batch of members at a
 * time), and resumable: it writes only summaries still missing, so a pass cut short by a crash is simply run
 * again (the schedule's chunks through their MatchSetsStored events, `fated match run` over the day). It ends
 * with a vacuum of the day's picks, which it rewrote.
 */
@Injectable()
export class SummaryPass {
  constructor(
    private readonly orm: MikroORM,
    private readonly sets: MatchSetRepository,
    private readonly summaries: PickSummaries,
    @Optional() private readonly metrics?: Metrics,
  ) {}

  /**
   * The summaries of `userIds`' picks of `day` (one chunk of the schedule). Before each batch and the vacuum
   * it awaits `whenFree`: the chunk's caller lets the day's sets go first.
   */
  async forMembers(
    day: string,
    userIds: string[],
    whenFree: () => Promise<void> = () => Promise.resolve(),
  ): Promise<SummaryPassReport> {
    const started = performance.now();
    let summaries = 0;
    for (let at = 0; at < userIds.length; at += MEMBERS_PER_BATCH) {
      await whenFree();
      summaries += await this.batch(day, userIds.slice(at, at + MEMBERS_PER_BATCH));
    }
    await whenFree();
    return this.done(day, summaries, started);
  }

  /** Every summary of `day` still missing, walking the day's members in id order. */
  async forDay(day: string): Promise<SummaryPassReport> {
    const started = performance.now();
    let summaries = 0;
    let after: string | undefined;
    for (;;) {
      const members = await this.sets.membersWithoutSummaries(
        this.orm.em.fork(),
        day,
        after,
        MEMBERS_PER_BATCH,
      );
      if (members.length === 0) break;
      summaries += await this.batch(day, members);
      after = members[members.length - 1];
    }
    return this.done(day, summaries, started);
  }

  private async batch(day: string, userIds: string[]): Promise<number> {
    const written = await this.summaries.fillDay(this.orm.em.fork(), day, userIds);
    // Between batches, let requests and other consumers of this process run.
    await new Promise((resolve) => setImmediate(resolve));
    return written;
  }

  private async done(day: string, summaries: number, started: number): Promise<SummaryPassReport> {
    if (summaries > 0) await this.sets.vacuumDay(this.orm.em.fork(), day);
    const ms = Math.round(performance.now() - started);
    this.metrics?.matchGenerationPhase.observe({ phase: 'summaries' }, ms / 1000);
    return { day, summaries, ms };
  }
}
