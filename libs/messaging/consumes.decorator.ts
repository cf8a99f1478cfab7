import { Injectable, SetMetadata, applyDecorators } from '@nestjs/common';
import type { IntegrationEvent, IntegrationEventClass } from './integration-event.js';

export const CONSUMED_EVENTS = Symbol('consumed integration events');

/**
 * A reaction to integration events, in whichever process hosts it. `handle` resolves when the work is done
 * (a Kafka offset is committed only then) and throws when it failed: the EventDispatcher retries it and
 * then parks the event as a dead letter, so a consumer does not swallow its own errors.
 */
export interface EventConsumer<E extends IntegrationEvent = IntegrationEvent> {
  handle(event: E): Promise<void>;
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
