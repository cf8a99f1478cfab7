import { Injectable } from '@nestjs/common';
import { MikroORM, type EntityManager } from '@mikro-orm/core';
import { consumerIdOf, type EventConsumer } from './consumes.decorator.js';
import type { IntegrationEvent } from './integration-event.js';
import { deleteInBatches } from '../persistence/delete-in-batches.js';
import { sql } from '../persistence/sql.js';

/** A consumer (its id, consumerIdOf) or the id itself, for a step that is not a consumer class of its own. */
type ConsumerRef = EventConsumer | string;

/** Marks deleted per statement when old ones go: a bounded transaction beside the consumers' own. */
const FORGET_BATCH = 5_000;

const idOf = (consumer: ConsumerRef) => (typeof consumer === 'string' ? consumer : consumerIdOf(consumer));

/**
 * Makes a consumer idempotent: the work and the "processed" mark commit together, and an event seen
 * before (a redelivery) is skipped. Returns false when it was skipped. The marks are the consumer's by its
 * id, the one its dead letters carry.
 */
@Injectable()
export class ProcessedEvents {
  constructor(private readonly orm: MikroORM) {}

  async once(
    consumer: ConsumerRef,
    event: IntegrationEvent,
    work: (em: EntityManager) => Promise<void>,
  ): Promise<boolean> {
    return this.orm.em.fork().transactional(async (em) => {
      const inserted = await sql(
        em,
        `insert into processed_event (consumer, event_id) values (?, ?) on conflict do nothing returning event_id`,
        [idOf(consumer), event.eventId],
      );
      if (inserted.length === 0) return false;
      await work(em);
      return true;
    });
  }

  /**
   * `once` for many events in one transaction: every mark is inserted in one statement, and `work` gets the
   * events not processed before (in their order, each once), to do together with the marks. Returns those
   * events (none: `work` was not called).
   */
  async onceMany<E extends IntegrationEvent>(
    consumer: ConsumerRef,
    events: readonly E[],
    work: (em: EntityManager, fresh: E[]) => Promise<void>,
  ): Promise<E[]> {
    if (events.length === 0) return [];
    return this.orm.em.fork().transactional(async (em) => {
      const ids = [...new Set(events.map((event) => event.eventId))];
      const inserted = await sql<{ event_id: string }>(
        em,
        `insert into processed_event (consumer, event_id)
           select ?::text, x.id from unnest(?::uuid[]) as x(id)
           on conflict do nothing returning event_id`,
        [idOf(consumer), ids],
      );
      const isNew = new Set(inserted.map((row) => row.event_id));
      const fresh = events.filter((event) => isNew.delete(event.eventId.toLowerCase()));
      if (fresh.length > 0) await work(em, fresh);
      return fresh;
    });
  }

  /**
   * Marks older than `before` go, a batch per statement; returns how many. A mark only guards against a
   * redelivery, and none comes that late (see ProcessedEventsPruner).
   */
  forgetOlderThan(before: Date): Promise<number> {
    return deleteInBatches(() => this.orm.em.fork(), {
      table: 'processed_event',
      where: 'processed_at < ?::timestamptz',
      values: [before.toISOString()],
      batch: FORGET_BATCH,
    });
  }
}
