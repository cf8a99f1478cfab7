import { Injectable, type BeforeApplicationShutdown } from '@nestjs/common';
import type { EventEnvelope } from './event-envelope.js';
import { EventRegistry } from './event-registry.js';
import { EventPublisher } from './event-publisher.port.js';
import { LocalEventDispatcher } from './local-event-dispatcher.js';

/** The embedded default: events reach this process's @EventsHandler classes directly. */
@Injectable()
export class InProcessEventPublisher extends EventPublisher implements BeforeApplicationShutdown {
  private readonly inFlight = new Set<Promise<void>>();

  constructor(private readonly dispatcher: LocalEventDispatcher) {
    super();
  }

  async publish(envelopes: EventEnvelope[]): Promise<void> {
    for (const envelope of envelopes) {
      const { type, aggregateId, payload, eventId, occurredAt } = envelope;
      // A type without a class here has no handler here either: nothing to run in this process.
      const event = EventRegistry.revive(type, aggregateId, payload, {
        eventId,
        occurredAt: new Date(occurredAt),
      });
      if (!event) continue;
      // Not awaited: the relay must not hold its claim (on PGlite, the only connection) while handlers run.
      const done: Promise<void> = this.dispatcher.dispatch(event).finally(() => this.inFlight.delete(done));
      this.inFlight.add(done);
    }
  }

  /**
   * Handlers still running finish while the database is open (the ORM closes in onApplicationShutdown);
   * one cut off mid-transaction would keep its connection and hang the pool's shutdown.
   */
  async beforeApplicationShutdown(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }
}
