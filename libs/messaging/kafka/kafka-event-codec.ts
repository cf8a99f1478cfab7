import type { IntegrationEvent } from '../integration-event.js';
import { EventRegistry } from '../event-registry.js';
import { envelopeOf, type EventEnvelope } from '../event-envelope.js';
import { RequestContext } from '../../shared/observability/request-context.js';

export interface EncodedEvent {
  /** The aggregate (user) id: one user's events share a partition, so they arrive in order. */
  key: string;
  value: string;
  headers: Record<string, string>;
}

/** One Kafka record per envelope, as stored: no event class is needed to send it. */
export function encodeEnvelope(envelope: EventEnvelope): EncodedEvent {
  return {
    key: envelope.aggregateId,
    value: JSON.stringify(envelope),
    headers: { type: envelope.type, eventId: envelope.eventId },
  };
}

export function encodeEvent(event: IntegrationEvent): EncodedEvent {
  return encodeEnvelope(envelopeOf(event));
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
  // Another producer's request id reaches log lines only when it looks like one.
  const requestId = RequestContext.isWellFormed(envelope.requestId) ? envelope.requestId : undefined;
  const event = EventRegistry.revive(type, aggregateId, payload, { eventId, occurredAt: when, requestId });
  return event ? { kind: 'event', event } : { kind: 'unknown-type', type, eventId };
}
