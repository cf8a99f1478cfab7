import { Injectable, Optional } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/core';
import { sql } from '../persistence/sql.js';
import { EventPublisher } from './event-publisher.port.js';
import type { IntegrationEvent } from './integration-event.js';
import { OutboxMessage } from './outbox-message.entity.js';

/**
 * Records events in the caller's unit of work, so they commit (or roll back) with the state change.
 * The relay publishes them after commit.
 */
@Injectable()
export class Outbox {
  /**
   * Transactions that wrote rows the relay must publish: only their commit wakes it (OutboxCommitListener).
   * The embedded mode stores a conversation's messages as published, and waking the relay after each would
   * cost a claim transaction of five statements per message.
   */
  private readonly awaitingRelay = new WeakSet<object>();
  private wake?: () => void;

  constructor(@Optional() private readonly publisher?: EventPublisher) {}

  /** How many committed events wait to be relayed, and since when the oldest (health, metrics, `fated stats`). */
  async backlog(em: EntityManager): Promise<{ pending: number; oldest: Date | null }> {
    const [row] = await sql<{ n: number | string; oldest: Date | string | null }>(
      em,
      `select count(*) as n, min(occurred_at) as oldest from outbox_message where published_at is null`,
      [],
    );
    return { pending: Number(row?.n ?? 0), oldest: row?.oldest ? new Date(row.oldest) : null };
  }

  /**
   * Removes every event and dead letter that names `id`, sent or not, in the caller's transaction (an account
   * deleted for good: an event about someone who is gone has nothing left to do).
   */
  async forget(em: EntityManager, id: string): Promise<void> {
    await sql(em, `delete from outbox_message where aggregate_id = ? or strpos(payload::text, ?) > 0`, [
      id,
      id,
    ]);
    await sql(em, `delete from dead_letter where aggregate_id = ? or strpos(payload::text, ?) > 0`, [id, id]);
  }

  record(em: EntityManager, ...events: IntegrationEvent[]): void {
    for (const event of events) em.persist(OutboxMessage.of(event));
  }

  /**
   * Writes many events now, in the caller's transaction, as one statement: a batch job's thousands of
   * events skip the unit of work (an entity each), which cost more than the job's own writes.
   */
  async recordMany(em: EntityManager, events: readonly IntegrationEvent[]): Promise<void> {
    if (events.length === 0) return;
    const rows = this.rowsOf(events);
    await sql(em, OUTBOX_INSERT, [rows.json]);
    this.written(em, rows);
  }

  /**
   * `events` as the one parameter of OUTBOX_INSERT, for a caller that writes them in its own statement (a
   * message and its event in one round trip, without a transaction's begin and commit). Events that need no
   * relay (EventPublisher.relays) are stored as published. The caller calls `written` once the rows are in.
   */
  rowsOf(events: readonly IntegrationEvent[]): OutboxRows {
    const now = new Date().toISOString();
    const relays = new Map<string, boolean>();
    let relayed = false;
    const rows = events.map((event) => {
      let relayedType = relays.get(event.type);
      if (relayedType === undefined)
        relays.set(event.type, (relayedType = this.publisher?.relays(event.type) ?? true));
      relayed ||= relayedType;
      return {
        id: event.eventId,
        type: event.type,
        aggregate_id: event.aggregateId,
        payload: event.payload,
        occurred_at: event.occurredAt.toISOString(),
        published_at: relayedType ? null : now,
        request_id: event.requestId ?? null,
        erasable: event.erasable,
      };
    });
    return { json: JSON.stringify(rows), relayed };
  }

  /**
   * Rows written through `em`: if any waits for the relay, its transaction's commit wakes it, or now when
   * the statement committed on its own.
   */
  written(em: EntityManager, rows: OutboxRows): void {
    if (!rows.relayed) return;
    if (em.isInTransaction()) this.markForRelay(em);
    else this.wake?.();
  }

  /** Marks `em`'s transaction as one whose commit wakes the relay (rows persisted through the unit of work). */
  markForRelay(em: EntityManager): void {
    const transaction = em.getTransactionContext<object>();
    if (transaction) this.awaitingRelay.add(transaction);
  }

  /** Whether the committed `transaction` wrote rows the relay must publish. */
  wroteRowsToRelay(transaction: object | undefined): boolean {
    return transaction !== undefined && this.awaitingRelay.has(transaction);
  }

  /** How the relay is woken for rows committed outside a transaction (set by OutboxCommitListener). */
  onRowsCommitted(wake: () => void): void {
    this.wake = wake;
  }
}

/** Events of `Outbox.rowsOf`: its JSON, and whether any waits for the relay. */
export interface OutboxRows {
  json: string;
  relayed: boolean;
}

/** Inserts the rows of `Outbox.rowsOf` (its one parameter); a caller may use it as a part of a WITH list. */
export const OUTBOX_INSERT = `insert into outbox_message (id, type, aggregate_id, payload, occurred_at, published_at, request_id, erasable)
  select x.id, x.type, x.aggregate_id, x.payload, x.occurred_at, x.published_at, x.request_id, x.erasable
    from json_to_recordset(?::json)
      as x(id uuid, type varchar, aggregate_id varchar, payload jsonb, occurred_at timestamptz,
           published_at timestamptz, request_id varchar, erasable boolean)`;
