import { Injectable } from '@nestjs/common';
import { EventBus } from '@nestjs/cqrs';
import type { IntegrationEvent } from './integration-event.js';
import { EventPublisher } from './event-publisher.port.js';

/** The embedded default: events reach this process's @EventsHandler classes directly. */
@Injectable()
export class InProcessEventPublisher extends EventPublisher {
  constructor(private readonly eventBus: EventBus) {
    super();
  }

  async publish(events: IntegrationEvent[]): Promise<void> {
    this.eventBus.publishAll(events);
  }
}
