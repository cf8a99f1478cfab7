import { Injectable, SetMetadata, applyDecorators } from '@nestjs/common';
import type { IntegrationEvent, IntegrationEventClass } from './integration-event.js';

export const CONSUMED_EVENTS = Symbol('consumed integration events');

/**
 * A reaction to integration events, in whichever process hosts it. `handle` resolves when the work is done
 * (a Kafka offset is committed only then) and throws when it failed: the EventDispatcher retries it and
 * then parks the event as a dead letter, so a consumer does not swallow its own errors.
 *
 * `handleBatch`, when a consumer has one, does the same for many events at once (a relay claim, a Kafka
 * fetch: a backlog's worth), all of types the consumer declared, in the order they were published. It must
 * be all or nothing, or at least safe to run again (processed-event marks): when it throws, the dispatcher
 * retries the batch and then falls back to `handle`, one event at a time, so only a poison event is parked.
 */
export interface EventConsumer<E extends IntegrationEvent = IntegrationEvent> {
  handle(event: E): Promise<void>;
  handleBatch?(events: E[]): Promise<void>;
}

/** Declares an EventConsumer of these events; the EventDispatcher finds it among the providers. */
export const Consumes = (...events: IntegrationEventClass[]) =>
  applyDecorators(
    Injectable(),
    SetMetadata(
      CONSUMED_EVENTS,
      events.map((event) => event.type),
    ),
  );
