import { Injectable, Logger } from '@nestjs/common';
import type { EventEnvelope } from './event-envelope.js';
import { EventDispatcher } from './event-dispatcher.js';
import { EventRegistry } from './event-registry.js';
import { EventPublisher, type PublishOutcome } from './event-publisher.port.js';

/**
 * Events waiting for their consumers before the relay claims more: a backlog (100k rows after a restart)
 * then drains in steps instead of becoming 100k pending dispatches in memory.
 */
const MAX_UNFINISHED_EVENTS = 1_000;

/**
 * The embedded default: events reach this process's consumers directly, through the EventDispatcher, and
 * count as published only once those consumers finished (a crash before that relays them again).
 */
@Injectable()
export class InProcessEventPublisher extends EventPublisher {
  private readonly logger = new Logger('InProcessEventPublisher');

  constructor(private readonly dispatcher: EventDispatcher) {
    super();
  }

  override ready(): Promise<void> {
    return this.dispatcher.whenBelow(MAX_UNFINISHED_EVENTS);
  }

  override settled(): Promise<void> {
    return this.dispatcher.settled();
  }

  async publish(envelopes: EventEnvelope[], delivered: (eventId: string) => void): Promise<PublishOutcome> {
    for (const envelope of envelopes) {
      const { type, aggregateId, payload, eventId, occurredAt } = envelope;
      const event = this.dispatcher.consumes(type)
        ? EventRegistry.revive(type, aggregateId, payload, { eventId, occurredAt: new Date(occurredAt) })
        : undefined;
      // A type nobody here consumes (or without a class here) has nothing to run in this process.
      if (!event) {
        delivered(eventId);
        continue;
      }
      // Not awaited: the relay must not hold its claim (on PGlite, the only connection) while consumers run.
      // A dispatch that could not even park its failure stays unpublished and is relayed again later.
      void this.dispatcher.dispatch(event).then(
        () => delivered(eventId),
        (error: Error) =>
          this.logger.error(`${type} ${eventId} not delivered; relayed again later: ${error.message}`),
      );
    }
    return 'handed-over';
  }
}
