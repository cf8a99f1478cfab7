import { Global, Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { OutboxMessage } from './outbox-message.entity.js';
import { Outbox } from './outbox.js';
import { OutboxRelay } from './outbox-relay.js';
import { OutboxCommitListener } from './outbox-commit-listener.js';
import { ProcessedEvents } from './processed-events.js';
import { EventPublisher } from './event-publisher.port.js';
import { InProcessEventPublisher } from './in-process-event-publisher.js';
import { BusHealth } from './bus-health.js';

/**
 * The transactional outbox and its relay. Events are published in process (CQRS EventBus) for now;
 * the Kafka adapter plugs in as another EventPublisher.
 */
@Global()
@Module({
  imports: [CqrsModule, MikroOrmModule.forFeature([OutboxMessage])],
  providers: [
    Outbox,
    OutboxRelay,
    OutboxCommitListener,
    ProcessedEvents,
    { provide: EventPublisher, useClass: InProcessEventPublisher },
    BusHealth,
  ],
  exports: [Outbox, OutboxRelay, ProcessedEvents],
})
export class MessagingModule {}
