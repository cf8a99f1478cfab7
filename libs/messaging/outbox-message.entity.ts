import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { IntegrationEvent } from './integration-event.js';

/** An event waiting to leave, written in the same transaction as the change it reports. */
@Entity({ tableName: 'outbox_message' })
export class OutboxMessage {
  @PrimaryKey({ type: 'uuid' })
  id!: string;

  @Property({ type: 'string', length: 100 })
  type!: string;

  @Property({ type: 'string', length: 100 })
  aggregateId!: string;

  @Property({ type: 'json' })
  payload!: object;

  @Property({ type: 'datetime' })
  occurredAt!: Date;

  @Property({ type: 'datetime', nullable: true })
  publishedAt: Date | null = null;

  @Property({ type: 'integer' })
  attempts = 0;

  @Property({ type: 'string', length: 64, nullable: true })
  requestId: string | null = null;

  /** Deleted as soon as it is published (IntegrationEventClass.erasable). */
  @Property({ type: 'boolean' })
  erasable = false;

  /** Handed to this process's consumers and not finished yet (embedded mode); see OutboxRelay. */
  @Property({ type: 'datetime', nullable: true })
  claimedUntil: Date | null = null;

  static of(event: IntegrationEvent): OutboxMessage {
    const message = new OutboxMessage();
    message.id = event.eventId;
    message.type = event.type;
    message.aggregateId = event.aggregateId;
    message.payload = event.payload;
    message.occurredAt = event.occurredAt;
    message.requestId = event.requestId ?? null;
    message.erasable = event.erasable;
    return message;
  }
}
