import { Injectable, SetMetadata, applyDecorators } from '@nestjs/common';
import type { IntegrationEvent, IntegrationEventClass } from './integration-event.js';

export const CONSUMED_EVENTS = Symbol('consumed integration events');
const CONSUMER_OPTIONS = Symbol('consumer options');

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

export interface ConsumerOptions {
  /**
   * The consumer's identity where it is stored: its dead letters and its processed-event marks (and its
   * metrics label). The class name when omitted; an explicit id keeps stored rows valid when the class is
   * renamed.
   */
  id?: string;
  /**
   * At most this many of its attempts at once in a process (1: one event or batch after the other); a
   * failed one waits for its retry outside this bound, so the events behind it go on.
   */
  concurrency?: number;
}

/**
 * Declares an EventConsumer of these events, optionally ending with its options; the EventDispatcher finds
 * it among the providers.
 */
export const Consumes = (
  ...declared: [IntegrationEventClass, ...(IntegrationEventClass | ConsumerOptions)[]]
) => {
  const events = declared.filter((entry): entry is IntegrationEventClass => typeof entry === 'function');
  const options = declared.find((entry): entry is ConsumerOptions => typeof entry !== 'function') ?? {};
  return applyDecorators(
    Injectable(),
    SetMetadata(
      CONSUMED_EVENTS,
      events.map((event) => event.type),
    ),
    SetMetadata(CONSUMER_OPTIONS, options),
  );
};

/** The options a consumer class declared with @Consumes. */
export function consumerOptionsOf(type: abstract new (...args: never[]) => unknown): ConsumerOptions {
  return (Reflect.getMetadata(CONSUMER_OPTIONS, type) as ConsumerOptions | undefined) ?? {};
}

/** The stored identity of a consumer class or instance (see ConsumerOptions.id). */
export function consumerIdOf(consumer: EventConsumer | (abstract new (...args: never[]) => unknown)): string {
  const type =
    typeof consumer === 'function' ? consumer : (consumer.constructor as abstract new () => unknown);
  return consumerOptionsOf(type).id ?? type.name;
}
