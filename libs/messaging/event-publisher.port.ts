import type { EventEnvelope } from './event-envelope.js';

/** Where the outbox relay hands events: the in-process CQRS bus, or Kafka in the distributed deployment. */
export abstract class EventPublisher {
  /** Envelopes as the outbox stored them, in order; resolves once they are handed on. */
  abstract publish(envelopes: EventEnvelope[]): Promise<void>;
}
