import type { EventMetadata, IntegrationEvent, IntegrationEventClass } from './integration-event.js';

/** Wire name → class, so events read back from the outbox or Kafka become real instances again. */
export class EventRegistry {
  private static readonly classes = new Map<string, IntegrationEventClass>();

  static register(...classes: IntegrationEventClass[]): void {
    for (const eventClass of classes) this.classes.set(eventClass.type, eventClass);
  }

  static revive(
    type: string,
    aggregateId: string,
    payload: object,
    metadata: EventMetadata,
  ): IntegrationEvent | undefined {
    const eventClass = this.classes.get(type);
    return eventClass ? new eventClass(aggregateId, payload, metadata) : undefined;
  }
}
