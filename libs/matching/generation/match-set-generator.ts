import { Injectable, Logger, Optional } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import { repeatWindow } from '../domain/eligibility.js';
import type { CandidatePool } from '../pool/candidate-pool.js';
import type { RecentPairIndex } from '../pool/recent-pair-index.js';
import { MatchSetRepository, type ExistingSet } from '../storage/match-set.repository.js';
import { MatchSetWriter, type PlannedSet } from '../storage/match-set-writer.js';
import { ScoringThreads } from './scoring-threads.js';
import { pickTiers } from './tier-picker.js';
import { Metrics } from '../../shared/observability/metrics.js';

/**
 * Users per block: one round of reads, one sweep of their candidate groups (on worker threads), one write
 * transaction. Large, because each statement and each worker round trip costs far more than its rows;
 * a block is written while the next one is read and scored.
 */
const BLOCK = 2048;
/** Block writes under way at once. */
const WRITES_IN_FLIGHT = 2;

export interface GenerateOptions {
  pool: CandidatePool;
  /** Request path: recompute an empty set of today when a compatible newcomer was announced since. */
  refillPromisedEmpty?: boolean;
  /** The day's no-repeat window read once (batch paths); without it each block queries its users' pairs. */
  recent?: RecentPairIndex;
  /** The whole day's run: its sets so far and every block read once; without it each block queries them. */
  snapshot?: DaySnapshot;
}

/**
 * What a run over every member reads once instead of per block. A set stored after it was read (a member's
 * own request) is kept by the writer's claim; a block made meanwhile is checked when the card is read.
 */
export interface DaySnapshot {
  existing: Map<string, ExistingSet>;
  /** Both directions. */
  blocked: Map<string, Set<string>>;
}

export interface GenerateReport {
  /** Sets this call created (or refilled). */
  created: number;
  /** …of which empty (no eligible candidate). */
  empty: number;
  /** Users who already had a set for the day. */
  existing: number;
  /** Users not in the pool (unverified, no profile or no processed quiz), or deleted meanwhile. */
  ineligible: number;
}

type Timings = Record<'read' | 'score' | 'write', number>;

/**
 * Computes match sets for many users of one day: reads which of them still need a set and whom each must
 * not meet, scores them in blocks against their candidate groups (tier-picker.ts, exact, on worker threads
 * for large blocks) and hands each block's sets to MatchSetWriter. Summaries are not written here: the
 * summary pass writes them once the sets are stored, and a card read before that gets its own (PickSummaries).
 * Idempotent: the (user, day) key makes a second run, a concurrent run or a redelivered request a no-op
 * for users who already have a set.
 */
@Injectable()
export class MatchSetGenerator {
  private readonly logger = new Logger('MatchSetGenerator');
  /** Generations under way in this process, and who waits for none to be. */
  private running = 0;
  private readonly idleWaiters: (() => void)[] = [];

  constructor(
    private readonly orm: MikroORM,
    private readonly sets: MatchSetRepository,
    private readonly writer: MatchSetWriter,
    private readonly scoring: ScoringThreads,
    @Optional() private readonly metrics?: Metrics,
  ) {}

  async snapshot(day: string): Promise<DaySnapshot> {
    const em = this.orm.em.fork();
    const [sets, blocks] = await Promise.all([this.sets.setsOfDay(em, day), this.sets.allBlocks(em)]);
    const blocked = new Map<string, Set<string>>();
    for (const [a, b] of blocks) remember(blocked, a, b);
    return { existing: new Map(sets.map((set) => [set.userId, set])), blocked };
  }

  /** Resolves once no generation runs in this process (at once when none does). */
  whenIdle(): Promise<void> {
    return this.running === 0 ? Promise.resolve() : new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  async generate(day: string, userIds: string[], options: GenerateOptions): Promise<GenerateReport> {
    this.running++;
    try {
      return await this.generateAll(day, userIds, options);
    } finally {
      if (--this.running === 0) this.idleWaiters.splice(0).forEach((resolve) => resolve());
    }
  }

  private async generateAll(
    day: string,
    userIds: string[],
    options: GenerateOptions,
  ): Promise<GenerateReport> {
    const report: GenerateReport = { created: 0, empty: 0, existing: 0, ineligible: 0 };
    const timings: Timings = { read: 0, score: 0, write: 0 };
    // The database writes earlier blocks while the next is read and scored: CPU and I/O overlap. Two writes
    // at a time, on two connections: each block's users are different rows, and one transaction keeps only
    // one of PostgreSQL's cores busy.
    const writing: Promise<void>[] = [];
    for (let start = 0; start < userIds.length; start += BLOCK) {
      const block = await this.prepareBlock(
        day,
        userIds.slice(start, start + BLOCK),
        options,
        report,
        timings,
      );
      if (writing.length === WRITES_IN_FLIGHT) await writing.shift();
      const write = this.write(day, block, report, timings);
      // Handled here, rethrown when awaited: a failed write must not crash the process meanwhile.
      write.catch(() => undefined);
      writing.push(write);
    }
    await Promise.all(writing);
    this.record(report, timings);
    const phases = Object.entries(timings).map(([phase, ms]) => `${phase} ${Math.round(ms)} ms`);
    this.logger.debug(`day ${day}: ${userIds.length} users, ${report.created} sets; ${phases.join(', ')}`);
    return report;
  }

  private record(report: GenerateReport, timings: Timings): void {
    if (!this.metrics) return;
    for (const [phase, ms] of Object.entries(timings))
      this.metrics.matchGenerationPhase.observe({ phase }, ms / 1000);
    this.metrics.matchSetsWritten.inc(report.created);
    this.metrics.matchSetsEmpty.inc(report.empty);
  }

  private async write(
    day: string,
    batch: PlannedSet[],
    report: GenerateReport,
    timings: Timings,
  ): Promise<void> {
    const started = performance.now();
    const written = await this.writer.write(day, batch);
    timings.write += performance.now() - started;
    report.created += written.created;
    report.empty += written.empty;
    report.existing += written.existing;
    report.ineligible += written.departed;
  }

  /** Reads and scores one block: the sets it needs (none when everyone has one). */
  private async prepareBlock(
    day: string,
    userIds: string[],
    options: GenerateOptions,
    report: GenerateReport,
    timings: Timings,
  ): Promise<PlannedSet[]> {
    let mark = performance.now();
    const lap = (phase: keyof typeof timings) => {
      const now = performance.now();
      timings[phase] += now - mark;
      mark = now;
    };
    const em = this.orm.em.fork();
    const existing =
      options.snapshot?.existing ??
      new Map((await this.sets.existingSets(em, day, userIds)).map((set) => [set.userId, set]));
    const todo: { userId: string; refill: boolean }[] = [];
    for (const userId of userIds) {
      const set = existing.get(userId);
      if (!set) todo.push({ userId, refill: false });
      else if (options.refillPromisedEmpty && set.pickCount === 0 && set.promiseSince)
        todo.push({ userId, refill: true });
      else report.existing++;
    }
    const located = todo.filter(({ userId }) => options.pool.locate(userId) !== undefined);
    report.ineligible += todo.length - located.length;
    if (located.length === 0) return [];

    let recent = options.snapshot?.blocked;
    if (!recent) {
      recent = new Map<string, Set<string>>();
      for (const [a, b] of await this.sets.recentPairs(
        em,
        options.recent ? null : repeatWindow(day),
        located.map((t) => t.userId),
      )) {
        remember(recent, a, b);
      }
    }
    lap('read');
    this.metrics?.membersScored.inc(located.length);
    const picks = await pickTiers(
      options.pool,
      day,
      located.map(({ userId }) => ({ userId, avoid: recent.get(userId) })),
      options.recent,
      (group, seekers) => this.scoring.score(group, seekers),
    );
    const planned = located.map(({ userId, refill }) => {
      const me = options.pool.locate(userId)!;
      return { userId, userSeq: me.group.seqs[me.position]!, refill, picks: picks.get(userId)! };
    });
    lap('score');
    return planned;
  }
}

/** Both directions: a pair shown or blocked either way is kept apart for both (domain/eligibility.ts rule 3). */
function remember(recent: Map<string, Set<string>>, a: string, b: string): void {
  let mine = recent.get(a);
  if (!mine) recent.set(a, (mine = new Set()));
  mine.add(b);
  let theirs = recent.get(b);
  if (!theirs) recent.set(b, (theirs = new Set()));
  theirs.add(a);
}
