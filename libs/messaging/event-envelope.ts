import type { IntegrationEvent } from './integration-event.js';

/**
 * An event as stored in the outbox and sent over Kafka: plain data, readable without the event's class,
 * so any process relays any row (a matcher relays UserRegistered although it never loads that class).
 */
export interface EventEnvelope {
  eventId: string;
  type: string;
  aggregateId: string;
  occurredAt: string;
  payload: object;
  /** Absent when no request caused the event (a schedule, the CLI, a consumer's own reaction). */
  requestId?: string;
}

export function envelopeOf(event: IntegrationEvent): EventEnvelope {
  return {
    eventId: event.eventId,
    type: event.type,
    aggregateId: event.aggregateId,
    occurredAt: event.occurredAt.toISOString(),
    payload: event.payload,
    ...(event.requestId ? { requestId: event.requestId } : {}),
  };
}
