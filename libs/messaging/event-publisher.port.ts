import type { IntegrationEvent } from './integration-event.js';

/** Where the outbox relay hands events: the in-process CQRS bus, or Kafka in the distributed deployment. */
export abstract class EventPublisher {
  abstract publish(events: IntegrationEvent[]): Promise<void>;
}
