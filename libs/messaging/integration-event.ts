import { randomUUID } from 'node:crypto';
import type { IEvent } from '@nestjs/cqrs';
import { RequestContext } from '../shared/observability/request-context.js';

export interface EventMetadata {
  eventId: string;
  occurredAt: Date;
  /** The request that caused the event (X-Request-Id), carried to the consumers' log lines. */
  requestId?: string;
}

/**
 * A fact other contexts (and other processes) react to. It crosses process boundaries as JSON, so the
 * payload holds plain data only. The static `type` is the stable wire name.
 */
export abstract class IntegrationEvent<P extends object = object> implements IEvent {
  readonly eventId: string;
  readonly occurredAt: Date;
  readonly requestId: string | undefined;

  constructor(
    readonly aggregateId: string,
    readonly payload: P,
    metadata?: EventMetadata,
  ) {
    this.eventId = metadata?.eventId ?? randomUUID();
    this.occurredAt = metadata?.occurredAt ?? new Date();
    // A new event belongs to the request under way; one read back keeps what was stored with it.
    this.requestId = metadata ? metadata.requestId : RequestContext.requestId();
  }

  get type(): string {
    return (this.constructor as IntegrationEventClass).type;
  }
}

export interface IntegrationEventClass<E extends IntegrationEvent = IntegrationEvent> {
  readonly type: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each class narrows its own payload
  new (aggregateId: string, payload: any, metadata?: EventMetadata): E;
}
