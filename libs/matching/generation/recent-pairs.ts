import { Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import { addDays } from '../domain/calendar-day.js';
import { repeatWindow } from '../domain/eligibility.js';
import { RecentPairIndex } from '../pool/recent-pair-index.js';
import { MatchSetRepository } from '../storage/match-set.repository.js';

/** An index serves every chunk of a day's run; the window's days are over, so it cannot go stale. */
const MAX_AGE_MS = 10 * 60_000;

/**
 * The no-repeat window of a day as a RecentPairIndex: the earlier days read as packed int pairs (a few
 * days at a time), instead of two queries per block of users. The latest day's index is kept briefly,
 * so the chunks of a scheduled run share it.
 */
@Injectable()
export class RecentPairs {
  private latest: { day: string; at: number; index: Promise<RecentPairIndex> } | undefined;

  constructor(
    private readonly orm: MikroORM,
    private readonly sets: MatchSetRepository,
  ) {}

  forDay(day: string): Promise<RecentPairIndex> {
    const latest = this.latest;
    if (latest && latest.day === day && Date.now() - latest.at <= MAX_AGE_MS) return latest.index;
    const index = this.build(day);
    this.latest = { day, at: Date.now(), index };
    index.catch(() => {
      if (this.latest?.index === index) this.latest = undefined;
    });
    return index;
  }

  private build(day: string): Promise<RecentPairIndex> {
    const { from, until } = repeatWindow(day);
    const days: string[] = [];
    for (let d = from; d <= until; d = addDays(d, 1)) days.push(d);
    // The index reads the window twice (count, then place) rather than holding it whole.
    return RecentPairIndex.read(async (visit) => {
      // Three days at a time: the database reads while the driver receives the previous ones.
      for (let i = 0; i < days.length; i += 3) {
        const read = days.slice(i, i + 3).map((d) => this.sets.pairsOfDay(this.orm.em.fork(), d));
        for (const chunks of await Promise.all(read)) chunks.forEach(visit);
      }
    });
  }
}
