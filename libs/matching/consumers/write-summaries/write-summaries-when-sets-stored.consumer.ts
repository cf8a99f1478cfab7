import { Logger } from '@nestjs/common';
import { Consumes, type EventConsumer } from '../../../messaging/consumes.decorator.js';
import { isCalendarDay } from '../../domain/calendar-day.js';
import { MatchSetsStored } from '../../events/match-sets-stored.event.js';
import { MatchSetGenerator } from '../../generation/match-set-generator.js';
import { SummaryPass } from '../../summaries/summary-pass.js';

/**
 * The summary pass of the schedule, a chunk at a time, on whichever matcher receives the chunk's
 * MatchSetsStored. One chunk at a time per process, each batch of it started only while the process
 * generates no sets, so the day's sets are stored first and the pass takes what the matcher has left.
 * Idempotent: it writes only what is missing, so a redelivery after a crash finishes the chunk and writes
 * nothing twice.
 */
@Consumes(MatchSetsStored, { concurrency: 1 })
export class WriteSummariesWhenSetsStored implements EventConsumer<MatchSetsStored> {
  private readonly logger = new Logger('WriteSummariesWhenSetsStored');

  constructor(
    private readonly pass: SummaryPass,
    private readonly generator: MatchSetGenerator,
  ) {}

  handle(event: MatchSetsStored): Promise<void> {
    return this.write(event.payload.day, event.payload.userIds);
  }

  private async write(day: string, userIds: string[]): Promise<void> {
    if (!isCalendarDay(day)) throw new RangeError(`MatchSetsStored for a date out of range: ${day}`);
    // The day's sets first: each batch of a chunk's summaries waits while this process generates sets (a
    // chunk's pass started in a gap between two chunks went on beside the next ones).
    const report = await this.pass.forMembers(day, userIds, () => this.generator.whenIdle());
    this.logger.debug(
      `day ${day}: ${report.summaries} summaries for ${userIds.length} members, ${report.ms} ms`,
    );
  }
}
