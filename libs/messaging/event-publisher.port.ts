import type { EventEnvelope } from './event-envelope.js';

/**
 * How a publisher took a batch: `sent` — it is durably elsewhere (Kafka acknowledged it) or nothing here
 * consumes it, the rows are published now; `handed-over` — consumers in this process are working on it and `delivered` will be
 * called with each event id once they finished (until then the rows stay unpublished, merely claimed).
 */
export type PublishOutcome = 'sent' | 'handed-over';

/** Where the outbox relay hands events: this process's EventDispatcher, or Kafka in the distributed deployment. */
export abstract class EventPublisher {
  /** Envelopes as the outbox stored them, in order. */
  abstract publish(envelopes: EventEnvelope[], delivered: (eventId: string) => void): Promise<PublishOutcome>;

  /**
   * Whether events of `type` need the relay at all. A publisher to this process's consumers says no for a type
   * none of them consumes (a daily run's MatchesGenerated): the outbox then stores such rows as published, as
   * the relay would have on its next claim, without the claim and the update.
   */
  relays(type: string): boolean {
    void type;
    return true;
  }

  /** Resolves when the publisher can take another batch (backpressure); the relay asks before each claim. */
  ready(): Promise<void> {
    return Promise.resolve();
  }

  /** Resolves when everything handed over so far is finished (shutdown). */
  settled(): Promise<void> {
    return Promise.resolve();
  }
}
