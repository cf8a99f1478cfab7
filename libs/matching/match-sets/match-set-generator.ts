import { Injectable, Logger } from '@nestjs/common';
import { MikroORM, type EntityManager } from '@mikro-orm/core';
import { Outbox } from '../../messaging/outbox.js';
import { repeatWindow } from '../domain/eligibility.js';
import type { Tier } from '../domain/tiers.js';
import { MatchesGenerated } from '../events/matches-generated.event.js';
import type { CandidatePool } from '../pool/candidate-pool.js';
import type { RecentPairIndex } from '../pool/recent-pair-index.js';
import { MemberRepository } from '../members/member.repository.js';
import { MatchSetRepository, type Pick } from './match-set.repository.js';
import { ScoringThreads } from './scoring-threads.js';
import { pickTiers } from './tier-picker.js';

/** Users per block: one round of reads, one transaction of writes. */
const BLOCK = 256;

export interface GenerateOptions {
  pool: CandidatePool;
  /** Request path: recompute an empty set of today when a compatible newcomer was announced since. */
  refillPromisedEmpty?: boolean;
  /** The day's no-repeat window read once (batch paths); without it each block queries its users' pairs. */
  recent?: RecentPairIndex;
}

export interface GenerateReport {
  /** Sets this call created (or refilled). */
  created: number;
  /** …of which empty (no eligible candidate). */
  empty: number;
  /** Users who already had a set for the day. */
  existing: number;
  /** Users not in the pool (unverified, no profile or no processed quiz). */
  ineligible: number;
}

interface PlannedSet {
  userId: string;
  refill: boolean;
  picks: { tier: Tier; candidateId: string; percent: number }[];
}

/**
 * Computes match sets for many users of one day: exact scores against every candidate (packed answers,
 * typed arrays) and tiers, then one transaction per block that claims (user, day) and writes the picks
 * and MatchesGenerated. Summaries are not written here but when a card is first read (PickSummaries). Idempotent: the (user, day) key makes a second run, a concurrent run
 * or a redelivered request a no-op for users who already have a set.
 */
@Injectable()
export class MatchSetGenerator {
  private readonly logger = new Logger('MatchSetGenerator');

  constructor(
    private readonly orm: MikroORM,
    private readonly sets: MatchSetRepository,
    private readonly members: MemberRepository,
    private readonly outbox: Outbox,
    private readonly scoring: ScoringThreads,
  ) {}

  async generate(day: string, userIds: string[], options: GenerateOptions): Promise<GenerateReport> {
    const report: GenerateReport = { created: 0, empty: 0, existing: 0, ineligible: 0 };
    const timings = { read: 0, score: 0, write: 0 };
    // The database writes one block while the next is scored: CPU and I/O overlap.
    let writing: Promise<void> = Promise.resolve();
    for (let start = 0; start < userIds.length; start += BLOCK) {
      const block = await this.prepareBlock(
        day,
        userIds.slice(start, start + BLOCK),
        options,
        report,
        timings,
      );
      await writing;
      if (!block) continue;
      writing = this.timed(timings, () => this.write(day, block, report));
      // Handled here, rethrown by the next await: a failed write must not crash the process meanwhile.
      writing.catch(() => undefined);
    }
    await writing;
    const phases = Object.entries(timings).map(([phase, ms]) => `${phase} ${Math.round(ms)} ms`);
    this.logger.debug(`day ${day}: ${userIds.length} users, ${report.created} sets; ${phases.join(', ')}`);
    return report;
  }

  private async timed(timings: Record<'write', number>, work: () => Promise<void>): Promise<void> {
    const started = performance.now();
    await work();
    timings.write += performance.now() - started;
  }

  /** Reads and scores one block; null when nobody in it needs a set. */
  private async prepareBlock(
    day: string,
    userIds: string[],
    options: GenerateOptions,
    report: GenerateReport,
    timings: Record<'read' | 'score' | 'write', number>,
  ): Promise<PlannedSet[] | null> {
    let mark = performance.now();
    const lap = (phase: keyof typeof timings) => {
      const now = performance.now();
      timings[phase] += now - mark;
      mark = now;
    };
    const em = this.orm.em.fork();
    const existing = new Map(
      (await this.sets.existingSets(em, day, userIds)).map((set) => [set.userId, set]),
    );
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
    if (located.length === 0) return null;

    const recent = new Map<string, Set<string>>();
    for (const [a, b] of await this.sets.recentPairs(
      em,
      options.recent ? null : repeatWindow(day),
      located.map((t) => t.userId),
    )) {
      remember(recent, a, b);
    }
    lap('read');
    const picks = await pickTiers(
      options.pool,
      day,
      located.map(({ userId }) => ({ userId, avoid: recent.get(userId) })),
      options.recent,
      (group, seekers) => this.scoring.score(group, seekers),
    );
    const planned = located.map(({ userId, refill }) => ({ userId, refill, picks: picks.get(userId)! }));
    lap('score');
    return planned;
  }

  private async write(day: string, block: PlannedSet[], report: GenerateReport): Promise<void> {
    const now = new Date();
    await this.orm.em.fork().transactional(async (em) => {
      const planned = await this.withoutDeparted(em, block);
      report.ineligible += block.length - planned.length;
      const fresh = planned.filter((set) => !set.refill);
      const won = await this.sets.claimSets(
        em,
        day,
        fresh.map((set) => ({ userId: set.userId, pickCount: set.picks.length })),
        now,
      );
      for (const set of planned.filter((s) => s.refill && s.picks.length > 0)) {
        if (await this.sets.refillEmptySet(em, day, set.userId, set.picks.length, now)) won.add(set.userId);
      }
      const picks: Pick[] = planned
        .filter((set) => won.has(set.userId))
        .flatMap((set) => set.picks.map((pick) => ({ userId: set.userId, ...pick })));
      await this.sets.insertPicks(em, day, picks, now);
      const generated: MatchesGenerated[] = [];
      for (const set of planned) {
        if (!won.has(set.userId)) continue;
        report.created++;
        if (set.picks.length === 0) report.empty++;
        generated.push(new MatchesGenerated(set.userId, { day, picks: set.picks }));
      }
      await this.outbox.recordMany(em, generated);
      report.existing += fresh.length - [...fresh].filter((set) => won.has(set.userId)).length;
    });
  }

  /**
   * Someone deleted since the pool was loaded is dropped rather than shown: a leaver gets no set, and
   * picks of them leave the others' sets (which keep the rest, without a replacement).
   */
  private async withoutDeparted(em: EntityManager, planned: PlannedSet[]): Promise<PlannedSet[]> {
    const ids = new Set(planned.flatMap((set) => [set.userId, ...set.picks.map((pick) => pick.candidateId)]));
    const existing = await this.members.existing(em, [...ids]);
    return planned
      .filter((set) => existing.has(set.userId))
      .map((set) => ({ ...set, picks: set.picks.filter((pick) => existing.has(pick.candidateId)) }));
  }
}

/** Both directions: a pair shown either way is blocked for both (see domain/eligibility.ts pairKey). */
function remember(recent: Map<string, Set<string>>, a: string, b: string): void {
  let mine = recent.get(a);
  if (!mine) recent.set(a, (mine = new Set()));
  mine.add(b);
  let theirs = recent.get(b);
  if (!theirs) recent.set(b, (theirs = new Set()));
  theirs.add(a);
}
