import { randomUUID } from 'node:crypto';
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
export abstract class IntegrationEvent<P extends object = object> {
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

  /** See IntegrationEventClass.erasable. */
  get erasable(): boolean {
    return (this.constructor as IntegrationEventClass).erasable === true;
  }
}

export interface IntegrationEventClass<E extends IntegrationEvent = IntegrationEvent> {
  readonly type: string;
  /**
   * Names someone who asked to be forgotten: its outbox row is deleted as soon as it is published instead
   * of being kept for inspection (the row carries the mark, so any process's relay honours it).
   */
  readonly erasable?: boolean;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each class narrows its own payload
  new (aggregateId: string, payload: any, metadata?: EventMetadata): E;
}
