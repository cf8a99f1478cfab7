import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/sql';
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

  /**
   * Writes many events now, in the caller's transaction, as one statement: a batch job's thousands of
   * events skip the unit of work (an entity each), which cost more than the job's own writes. The relay
   * is woken by the transaction's commit like any other.
   */
  async recordMany(em: EntityManager, events: readonly IntegrationEvent[]): Promise<void> {
    if (events.length === 0) return;
    const rows = events.map((event) => ({
      id: event.eventId,
      type: event.type,
      aggregate_id: event.aggregateId,
      payload: event.payload,
      occurred_at: event.occurredAt.toISOString(),
    }));
    await (em as SqlEntityManager).getConnection().execute(
      `insert into outbox_message (id, type, aggregate_id, payload, occurred_at)
       select x.id, x.type, x.aggregate_id, x.payload, x.occurred_at
         from json_to_recordset(?::json) as x(id uuid, type varchar, aggregate_id varchar, payload jsonb, occurred_at timestamptz)`,
      [JSON.stringify(rows)],
      'run',
      em.getTransactionContext(),
    );
  }
}
