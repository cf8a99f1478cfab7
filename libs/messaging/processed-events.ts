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
}
