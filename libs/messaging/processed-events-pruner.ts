import { Injectable, Logger } from '@nestjs/common';
import { Cron } from '@nestjs/schedule';
import { ProcessedEvents } from './processed-events.js';

/**
 * How long a consumer's "processed" mark is kept. Redeliveries come from the outbox relay (rows claimed by a
 * process that died, taken again after minutes) and from Kafka (a rebalance replays from the last committed
 * offset; a topic keeps records 7 days by default): a mark older than a week guards against nothing, and
 * one is kept a day past that.
 */
export const PROCESSED_MARK_RETENTION_DAYS = 8;

/** Once a day, in each process that runs a schedule: without it `processed_event` grows with every event for good. */
@Injectable()
export class ProcessedEventsPruner {
  private readonly logger = new Logger('ProcessedEvents');

  constructor(private readonly processed: ProcessedEvents) {}

  @Cron('45 3 * * *', { name: 'prune-processed-event-marks' })
  async prune(): Promise<number> {
    try {
      const before = new Date(Date.now() - PROCESSED_MARK_RETENTION_DAYS * 24 * 60 * 60 * 1000);
      const deleted = await this.processed.forgetOlderThan(before);
      if (deleted)
        this.logger.log(
          `deleted ${deleted} processed-event marks older than ${PROCESSED_MARK_RETENTION_DAYS} days`,
        );
      return deleted;
    } catch (error) {
      this.logger.error(`pruning processed-event marks failed: ${(error as Error).message}`);
      return 0;
    }
  }
}
