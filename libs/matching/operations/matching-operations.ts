import { Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import type { CalendarDay } from '../domain/calendar-day.js';
import { DailyMatchRunRepository, type DayFigures } from '../daily-run/daily-match-run.repository.js';
import { PersonalityVectorRepository } from '../personality/personality-vector.repository.js';
import { SummaryPass, type SummaryPassReport } from '../summaries/summary-pass.js';

/**
 * What operators (the CLI's stats and match run, `fated user show`) ask of matching besides the commands it
 * takes: where a day stands, the personality vectors, and the sweep of a day's missing summaries. Each call
 * reads on a fresh EntityManager, so a poll sees what others committed since.
 */
@Injectable()
export class MatchingOperations {
  constructor(
    private readonly orm: MikroORM,
    private readonly runs: DailyMatchRunRepository,
    private readonly vectors: PersonalityVectorRepository,
    private readonly summaries: SummaryPass,
  ) {}

  dayFigures(day: CalendarDay): Promise<DayFigures> {
    return this.runs.dayFigures(this.orm.em.fork(), day);
  }

  /** How many sets `day` has, cheap to poll (a progress bar); dayFigures counts the members too. */
  setCount(day: CalendarDay): Promise<number> {
    return this.runs.setCount(this.orm.em.fork(), day);
  }

  /** When the day's latest set was stored (undefined before its first). */
  lastSetAt(day: CalendarDay): Promise<Date | undefined> {
    return this.runs.lastSetAt(this.orm.em.fork(), day);
  }

  personalityVectorCount(): Promise<number> {
    return this.vectors.count(this.orm.em.fork());
  }

  /** When the member's vector was last built, and by which embedding model; undefined before the first. */
  personalityOf(userId: string): Promise<{ updatedAt: Date; embeddingModel: string | null } | undefined> {
    return this.vectors.builtOf(this.orm.em.fork(), userId);
  }

  /** Writes every summary of `day` still missing (the last sweep after a run); safe to run again. */
  writeMissingSummaries(day: CalendarDay): Promise<SummaryPassReport> {
    return this.summaries.forDay(day);
  }
}
