import type { IntegrationEvent } from '../integration-event.js';
import { EventRegistry } from '../event-registry.js';

/** The JSON body of one Kafka record: everything needed to revive the event in another process. */
export interface EventEnvelope {
  eventId: string;
  type: string;
  aggregateId: string;
  occurredAt: string;
  payload: object;
}

export interface EncodedEvent {
  /** The aggregate (user) id: one user's events share a partition, so they arrive in order. */
  key: string;
  value: string;
  headers: Record<string, string>;
}

export function encodeEvent(event: IntegrationEvent): EncodedEvent {
  const envelope: EventEnvelope = {
    eventId: event.eventId,
    type: event.type,
    aggregateId: event.aggregateId,
    occurredAt: event.occurredAt.toISOString(),
    payload: event.payload,
  };
  return {
    key: event.aggregateId,
    value: JSON.stringify(envelope),
    headers: { type: event.type, eventId: event.eventId },
  };
}

export type DecodeResult =
  | { kind: 'event'; event: IntegrationEvent }
  | { kind: 'unknown-type'; type: string; eventId: string }
  | { kind: 'malformed'; reason: string };

/**
 * Reads a record back into an event instance. Unknown types are not errors: a process only registers
 * the event classes of the contexts it hosts, and newer producers may emit types an older consumer lacks.
 */
export function decodeEvent(value: Buffer | string | null): DecodeResult {
  if (value === null) return { kind: 'malformed', reason: 'empty record' };
  let envelope: Partial<EventEnvelope>;
  try {
    envelope = JSON.parse(value.toString()) as Partial<EventEnvelope>;
  } catch {
    return { kind: 'malformed', reason: 'not JSON' };
  }
  const { eventId, type, aggregateId, occurredAt, payload } = envelope ?? {};
  if (typeof eventId !== 'string' || typeof type !== 'string' || typeof aggregateId !== 'string') {
    return { kind: 'malformed', reason: 'missing eventId, type or aggregateId' };
  }
  const when = new Date(occurredAt ?? Number.NaN);
  if (Number.isNaN(when.getTime())) return { kind: 'malformed', reason: `bad occurredAt in ${eventId}` };
  if (typeof payload !== 'object' || payload === null)
    return { kind: 'malformed', reason: `bad payload in ${eventId}` };
  const event = EventRegistry.revive(type, aggregateId, payload, { eventId, occurredAt: when });
  return event ? { kind: 'event', event } : { kind: 'unknown-type', type, eventId };
}
