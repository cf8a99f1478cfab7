import { Injectable, Optional } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import { Metrics } from '../../shared/observability/metrics.js';
import { MatchSetRepository } from '../storage/match-set.repository.js';
import { PickSummaries } from './pick-summaries.js';

/** Members per batch: one read of their picks and people, one update; at most 750 summaries in memory. */
const MEMBERS_PER_BATCH = 250;

/** Summaries of a day written by a process's chunks between two vacuums of the day's partition. */
const VACUUM_EVERY = 60_000;

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
 * again (the schedule's chunks through their MatchSetsStored events, `fated match run` over the day). It
 * vacuums the day's partition, whose picks it rewrote (see MatchSetRepository.vacuumDay).
 */
@Injectable()
export class SummaryPass {
  constructor(
    private readonly orm: MikroORM,
    private readonly sets: MatchSetRepository,
    private readonly summaries: PickSummaries,
    @Optional() private readonly metrics?: Metrics,
  ) {}

  /** The day of this process's chunks, and their summaries not vacuumed yet. */
  private unvacuumed = { day: '', summaries: 0 };

  /**
   * The summaries of `userIds`' picks of `day` (one chunk of the schedule). Before each batch it awaits
   * `whenFree`: the chunk's caller lets the day's sets go first. The day's partition is vacuumed once this
   * process wrote VACUUM_EVERY summaries of the day since its last vacuum, not after every chunk: with a
   * vacuum a chunk (100 a day at 100k members) a lone matcher's run took 14.8 s instead of 12.0 s.
   */
  async forMembers(
    day: string,
    userIds: string[],
    whenFree: () => Promise<void> = () => Promise.resolve(),
  ): Promise<SummaryPassReport> {
    let working = 0;
    let summaries = 0;
    for (let at = 0; at < userIds.length; at += MEMBERS_PER_BATCH) {
      await whenFree();
      const started = performance.now();
      summaries += await this.batch(day, userIds.slice(at, at + MEMBERS_PER_BATCH));
      working += performance.now() - started;
    }
    const unvacuumed = (this.unvacuumed.day === day ? this.unvacuumed.summaries : 0) + summaries;
    this.unvacuumed = { day, summaries: unvacuumed };
    if (unvacuumed >= VACUUM_EVERY) {
      await whenFree();
      const started = performance.now();
      await this.vacuum(day);
      working += performance.now() - started;
    }
    return this.done(day, summaries, working);
  }

  /** Every summary of `day` still missing, walking the day's members in id order; then a vacuum of the day. */
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
    if (summaries > 0) await this.vacuum(day);
    return this.done(day, summaries, performance.now() - started);
  }

  private async batch(day: string, userIds: string[]): Promise<number> {
    const written = await this.summaries.fillDay(this.orm.em.fork(), day, userIds);
    // Between batches, let requests and other consumers of this process run.
    await new Promise((resolve) => setImmediate(resolve));
    return written;
  }

  private async vacuum(day: string): Promise<void> {
    await this.sets.vacuumDay(this.orm.em.fork(), day);
    this.unvacuumed = { day, summaries: 0 };
  }

  /** `workingMs`: the pass's own time, without its waits for the generation. */
  private done(day: string, summaries: number, workingMs: number): SummaryPassReport {
    const ms = Math.round(workingMs);
    this.metrics?.matchGenerationPhase.observe({ phase: 'summaries' }, ms / 1000);
    return { day, summaries, ms };
  }
}
