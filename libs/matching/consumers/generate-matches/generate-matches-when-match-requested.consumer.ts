import { Logger } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import { Outbox } from '../../../messaging/outbox.js';
import { Consumes, type EventConsumer } from '../../../messaging/consumes.decorator.js';
import { isCalendarDay } from '../../domain/calendar-day.js';
import { MatchRequested } from '../../events/match-requested.event.js';
import { MatchSetsStored } from '../../events/match-sets-stored.event.js';
import { MatchSetGenerator } from '../../generation/match-set-generator.js';
import { RecentPairs } from '../../generation/recent-pairs.js';
import { CandidatePools } from '../../pool/candidate-pools.js';

/** One pool load serves all chunks of a scheduled run. */
const POOL_MAX_AGE_MS = 5 * 60_000;

/**
 * Answers the schedule's MatchRequested events: each carries a chunk of users, computed as one batch (one
 * pool, blocked scoring, one transaction per block). `handle` resolves only once the chunk's sets are
 * written, so a Kafka offset is committed after the sets exist, never before; a failure goes back to the
 * EventDispatcher, which retries the chunk and parks it after the last try.
 * Idempotent on (user, day): a redelivered request finds the sets in place and writes nothing, so no
 * processed-event mark is needed. Once the chunk's sets are stored it announces them (MatchSetsStored), and
 * the summary pass writes their summaries; a crash before that announcement redelivers the request, which
 * then only announces.
 */
// Two chunks at a time: one is written while the next is read and scored (the daily run's overlap).
@Consumes(MatchRequested, { concurrency: 2 })
export class GenerateMatchesWhenMatchRequested implements EventConsumer<MatchRequested> {
  private readonly logger = new Logger('GenerateMatchesWhenMatchRequested');

  constructor(
    private readonly orm: MikroORM,
    private readonly outbox: Outbox,
    private readonly generator: MatchSetGenerator,
    private readonly pools: CandidatePools,
    private readonly recentPairs: RecentPairs,
  ) {}

  handle(event: MatchRequested): Promise<void> {
    return this.generate(event.payload.day, event.payload.userIds ?? [event.aggregateId]);
  }

  private async generate(day: string, users: string[]): Promise<void> {
    // A request for no real day can never succeed: say so plainly (it is parked as a dead letter).
    if (!isCalendarDay(day)) throw new RangeError(`MatchRequested for a date out of range: ${day}`);
    if (users.length === 0) return;
    const [pool, recent] = await Promise.all([this.pools.get(POOL_MAX_AGE_MS), this.recentPairs.forDay(day)]);
    // Someone who became matchable after the pool was loaded is read in, so that they get their set too.
    const missing = users.filter((userId) => pool.locate(userId) === undefined);
    if (missing.length > 0) await this.pools.refreshMembers(pool, missing);
    const report = await this.generator.generate(day, users, { pool, recent });
    this.logger.debug(`day ${day}: ${report.created} sets for ${users.length} requests`);
    await this.outbox.recordMany(this.orm.em.fork(), [
      new MatchSetsStored(users[0]!, { day, userIds: users }),
    ]);
  }
}
