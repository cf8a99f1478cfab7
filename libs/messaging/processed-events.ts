import { Injectable } from '@nestjs/common';
import { MikroORM, type EntityManager } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/sql';
import type { IntegrationEvent } from './integration-event.js';

/**
 * Makes a consumer idempotent: the work and the "processed" mark commit together, and an event seen
 * before (a redelivery) is skipped. Returns false when it was skipped.
 */
@Injectable()
export class ProcessedEvents {
  constructor(private readonly orm: MikroORM) {}

  async once(
    consumer: string,
    event: IntegrationEvent,
    work: (em: EntityManager) => Promise<void>,
  ): Promise<boolean> {
    return this.orm.em.fork().transactional(async (em) => {
      const inserted = await (em as SqlEntityManager)
        .getConnection()
        .execute(
          `insert into processed_event (consumer, event_id) values (?, ?) on conflict do nothing returning event_id`,
          [consumer, event.eventId],
          'all',
          em.getTransactionContext(),
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
    consumer: string,
    events: readonly E[],
    work: (em: EntityManager, fresh: E[]) => Promise<void>,
  ): Promise<E[]> {
    if (events.length === 0) return [];
    return this.orm.em.fork().transactional(async (em) => {
      const ids = [...new Set(events.map((event) => event.eventId))];
      const inserted: { event_id: string }[] = await (em as SqlEntityManager).getConnection().execute(
        `insert into processed_event (consumer, event_id)
           select ?, x.id::uuid from json_array_elements_text(?::json) as x(id)
           on conflict do nothing returning event_id`,
        [consumer, JSON.stringify(ids)],
        'all',
        em.getTransactionContext(),
      );
      const isNew = new Set(inserted.map((row) => row.event_id));
      const fresh = events.filter((event) => isNew.delete(event.eventId.toLowerCase()));
      if (fresh.length > 0) await work(em, fresh);
      return fresh;
    });
  }
}
