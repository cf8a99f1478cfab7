import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/core';
import type { IntegrationEvent } from './integration-event.js';
import { OutboxMessage } from './outbox-message.entity.js';

/**
 * Records events in the caller's unit of work, so they commit (or roll back) with the state change.
 * The relay publishes them after commit.
 */
@Injectable()
export class Outbox {
  record(em: EntityManager, ...events: IntegrationEvent[]): void {
    for (const event of events) em.persist(OutboxMessage.of(event));
  }
}
