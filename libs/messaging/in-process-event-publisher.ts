import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { CONSUMED_EVENT_TYPES } from './consumed-event-types.js';
import type { EventEnvelope } from './event-envelope.js';
import { EventDispatcher } from './event-dispatcher.js';
import { EventRegistry } from './event-registry.js';
import { EventPublisher, type PublishOutcome } from './event-publisher.port.js';
import type { IntegrationEvent } from './integration-event.js';
import { OUTBOX_RELAY_ON } from './outbox-relay.js';

/**
 * Events waiting for their consumers before the relay claims more: a backlog (100k rows after a restart)
 * then drains in steps instead of becoming 100k pending dispatches in memory.
 */
const MAX_UNFINISHED_EVENTS = 2_000;

/**
 * The embedded default: events reach this process's consumers directly, through the EventDispatcher, and
 * count as published only once those consumers finished (a crash before that relays them again).
 */
@Injectable()
export class InProcessEventPublisher extends EventPublisher {
  private readonly logger = new Logger('InProcessEventPublisher');

  constructor(
    private readonly dispatcher: EventDispatcher,
    @Optional() @Inject(OUTBOX_RELAY_ON) private readonly relaying: boolean = true,
  ) {
    super();
  }

  override relays(type: string): boolean {
    // Another process's relay and consumers take this one's rows (the CLI beside the running app, which
    // loads few or none of the consumers): what any consumer takes waits for it, whatever runs here.
    if (!this.relaying) return CONSUMED_EVENT_TYPES.has(type);
    // Before the consumers are known, every event is relayed: none may be marked published unseen.
    return !this.dispatcher.discovered || this.dispatcher.consumes(type);
  }

  override ready(): Promise<void> {
    return this.dispatcher.whenBelow(MAX_UNFINISHED_EVENTS);
  }

  override settled(): Promise<void> {
    return this.dispatcher.settled();
  }

  /**
   * The claim goes to the dispatcher as one `dispatchMany`, in the outbox's order: consumers with a batch
   * method get their events of the claim at once, the others one at a time (one user's in order).
   */
  async publish(envelopes: EventEnvelope[], delivered: (eventId: string) => void): Promise<PublishOutcome> {
    const events: IntegrationEvent[] = [];
    const unconsumed: string[] = [];
    for (const envelope of envelopes) {
      const { type, aggregateId, payload, eventId, occurredAt, requestId } = envelope;
      const event = this.dispatcher.consumes(type)
        ? EventRegistry.revive(type, aggregateId, payload, {
            eventId,
            occurredAt: new Date(occurredAt),
            requestId,
          })
        : undefined;
      // A type nobody here consumes (or without a class here) has nothing to run in this process.
      if (event) events.push(event);
      else unconsumed.push(eventId);
    }
    // A claim with nothing to run (a daily run's MatchesGenerated) is published in the claim's own update.
    if (events.length === 0) return 'sent';
    unconsumed.forEach(delivered);
    // Not awaited: the relay must not hold its claim (on PGlite, the only connection) while consumers run.
    // A dispatch that could not even park a failure leaves its events unpublished, relayed again later
    // (the consumers' processed-event marks skip what was done).
    void this.dispatcher.dispatchMany(events).then(
      () => events.forEach((event) => delivered(event.eventId)),
      (error: Error) =>
        this.logger.error(
          `${events.length} events (${events[0]!.type} ${events[0]!.eventId}…) not delivered; relayed again later: ${error.message}`,
        ),
    );
    return 'handed-over';
  }
}
