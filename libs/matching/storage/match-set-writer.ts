import { Injectable } from '@nestjs/common';
import { MikroORM, type EntityManager } from '@mikro-orm/core';
import { Outbox } from '../../messaging/outbox.js';
import { addDays } from '../domain/calendar-day.js';
import { REPEAT_WINDOW_DAYS } from '../domain/eligibility.js';
import type { Tier } from '../domain/tiers.js';
import { MatchesGenerated } from '../events/matches-generated.event.js';
import { MemberRepository } from '../members/member.repository.js';
import { MatchSetRepository, type Pick } from './match-set.repository.js';

export interface PlannedPick {
  tier: Tier;
  candidateId: string;
  candidateSeq: number;
  percent: number;
}

/** A set scored and ready to store; `refill` recomputes an empty set of the day. */
export interface PlannedSet {
  userId: string;
  userSeq: number;
  refill: boolean;
  picks: PlannedPick[];
}

export interface WriteReport {
  created: number;
  empty: number;
  existing: number;
  /** Deleted since the pool was loaded: no set for them. */
  departed: number;
}

/**
 * Stores scored sets in one transaction: holds every member they name (a deletion waits, or they are
 * left out), claims (user, day) for each (the primary key: a concurrent run or request that got there
 * first keeps its set), writes the winners' picks and their MatchesGenerated in the outbox. Batches are
 * large (a run writes thousands of sets a transaction) because each statement costs far more than its rows.
 */
@Injectable()
export class MatchSetWriter {
  /** Days whose match_pick partition this process has made sure of. */
  private readonly readyDays = new Set<string>();

  constructor(
    private readonly orm: MikroORM,
    private readonly sets: MatchSetRepository,
    private readonly members: MemberRepository,
    private readonly outbox: Outbox,
  ) {}

  async write(day: string, batch: readonly PlannedSet[]): Promise<WriteReport> {
    if (batch.length === 0) return { created: 0, empty: 0, existing: 0, departed: 0 };
    await this.ensureDay(day);
    const report: WriteReport = { created: 0, empty: 0, existing: 0, departed: 0 };
    const now = new Date();
    await this.orm.em.fork().transactional(async (em) => {
      const planned = await this.withoutDeparted(em, batch);
      report.departed = batch.length - planned.length;
      const fresh = planned.filter((set) => !set.refill);
      const won = await this.sets.claimSets(
        em,
        day,
        fresh.map((set) => ({ userId: set.userId, pickCount: set.picks.length })),
        now,
      );
      report.existing = fresh.filter((set) => !won.has(set.userId)).length;
      for (const set of planned.filter((s) => s.refill && s.picks.length > 0)) {
        if (await this.sets.refillEmptySet(em, day, set.userId, set.picks.length, now)) won.add(set.userId);
      }
      const stored = planned.filter((set) => won.has(set.userId));
      const picks: Pick[] = stored.flatMap((set) =>
        set.picks.map((pick) => ({ userId: set.userId, userSeq: set.userSeq, ...pick })),
      );
      await this.sets.insertPicks(em, day, picks, now);
      await this.outbox.recordMany(
        em,
        stored.map(
          (set) =>
            new MatchesGenerated(set.userId, {
              day,
              picks: set.picks.map(({ tier, candidateId, percent }) => ({ tier, candidateId, percent })),
            }),
        ),
      );
      report.created = stored.length;
      report.empty = stored.filter((set) => set.picks.length === 0).length;
    });
    return report;
  }

  /** The day's partition exists; pairs older than two windows go (a run of an earlier day keeps its own). */
  private async ensureDay(day: string): Promise<void> {
    if (this.readyDays.has(day)) return;
    await this.orm.em.fork().transactional(async (em) => {
      await this.sets.ensureDay(em, day);
      await this.sets.forgetPairsBefore(em, addDays(day, -2 * REPEAT_WINDOW_DAYS));
    });
    this.readyDays.add(day);
  }

  /**
   * Holds every member the batch names until the transaction ends (see MemberRepository.holdPresent), and
   * drops those deleted since the pool was loaded rather than showing them: a leaver gets no set, and picks
   * of them leave the others' sets (which keep the rest, without a replacement).
   */
  private async withoutDeparted(
    em: EntityManager,
    planned: readonly PlannedSet[],
  ): Promise<readonly PlannedSet[]> {
    const ids = new Set(planned.flatMap((set) => [set.userId, ...set.picks.map((pick) => pick.candidateId)]));
    const present = await this.members.holdPresent(em, [...ids]);
    if (present.size === ids.size) return planned;
    return planned
      .filter((set) => present.has(set.userId))
      .map((set) => ({ ...set, picks: set.picks.filter((pick) => present.has(pick.candidateId)) }));
  }
}
