import { Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import type { EventEnvelope } from './event-envelope.js';
import { sql } from '../persistence/sql.js';

export interface DeadLetter {
  id: string;
  consumer: string;
  envelope: EventEnvelope;
  error: string;
  attempts: number;
  parkedAt: Date;
}

interface DeadLetterRow {
  id: string;
  consumer: string;
  event_id: string;
  type: string;
  aggregate_id: string;
  payload: object | string;
  occurred_at: Date | string;
  error: string;
  attempts: number;
  parked_at: Date | string;
}

/** Longest error text kept: a stack or a driver message can be long, and the table is for people to read. */
const MAX_ERROR_LENGTH = 2_000;
const LIST_LIMIT = 500;

/** The dead_letter table: events a consumer failed on after its retries, with the error, until replayed. */
@Injectable()
export class DeadLetters {
  constructor(private readonly orm: MikroORM) {}

  /** Parks (or re-parks, counting the attempts) one consumer's failure on an event. */
  async park(consumer: string, envelope: EventEnvelope, error: string, attempts: number): Promise<void> {
    await sql(
      this.orm.em.fork(),
      `insert into dead_letter (consumer, event_id, type, aggregate_id, payload, occurred_at, error, attempts)
       values (?, ?, ?, ?, ?::jsonb, ?::timestamptz, ?, ?)
       on conflict (consumer, event_id) do update
         set error = excluded.error, attempts = dead_letter.attempts + excluded.attempts, parked_at = now()`,
      [
        consumer,
        envelope.eventId,
        envelope.type,
        envelope.aggregateId,
        JSON.stringify(envelope.payload),
        envelope.occurredAt,
        error.slice(0, MAX_ERROR_LENGTH),
        attempts,
      ],
    );
  }

  async count(): Promise<number> {
    const [row] = await sql<{ n: number | string }>(
      this.orm.em.fork(),
      `select count(*) as n from dead_letter`,
    );
    return Number(row?.n ?? 0);
  }

  /** The oldest first, at most LIST_LIMIT. */
  async list(): Promise<DeadLetter[]> {
    const rows = await sql<DeadLetterRow>(
      this.orm.em.fork(),
      `select * from dead_letter order by parked_at, id limit ${LIST_LIMIT}`,
    );
    return rows.map(toDeadLetter);
  }

  async find(id: string): Promise<DeadLetter | undefined> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
    const [row] = await sql<DeadLetterRow>(this.orm.em.fork(), `select * from dead_letter where id = ?`, [
      id,
    ]);
    return row ? toDeadLetter(row) : undefined;
  }

  async remove(id: string): Promise<void> {
    await sql(this.orm.em.fork(), `delete from dead_letter where id = ?`, [id]);
  }
}

function toDeadLetter(row: DeadLetterRow): DeadLetter {
  return {
    id: row.id,
    consumer: row.consumer,
    envelope: {
      eventId: row.event_id,
      type: row.type,
      aggregateId: row.aggregate_id,
      occurredAt: new Date(row.occurred_at).toISOString(),
      payload: typeof row.payload === 'string' ? (JSON.parse(row.payload) as object) : row.payload,
    },
    error: row.error,
    attempts: Number(row.attempts),
    parkedAt: new Date(row.parked_at),
  };
}
