import { hostname } from 'node:os';
import { Global, Module, type DynamicModule, type Provider } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import type { AppConfig } from '../config/app-config.js';
import { OutboxMessage } from './outbox-message.entity.js';
import { Outbox } from './outbox.js';
import { OUTBOX_RELAY_ON, OutboxRelay } from './outbox-relay.js';
import { OutboxCommitListener } from './outbox-commit-listener.js';
import { ProcessedEvents } from './processed-events.js';
import { ProcessedEventsPruner } from './processed-events-pruner.js';
import { EventPublisher } from './event-publisher.port.js';
import { InProcessEventPublisher } from './in-process-event-publisher.js';
import { BusHealth } from './bus-health.js';
import { KafkaSettings } from './kafka/kafka-settings.js';
import { KafkaClient } from './kafka/kafka-client.js';
import { KafkaEventPublisher } from './kafka/kafka-event-publisher.js';
import { KafkaEventConsumer } from './kafka/kafka-event-consumer.js';
import { EventDispatcher } from './event-dispatcher.js';
import { DeadLetters } from './dead-letters.js';
import { DeadLettersHealth } from './dead-letters-health.js';
import { OutboxHealth } from './outbox-health.js';
import { DeadLetterTopic } from './dead-letter-topic.port.js';
import { KafkaDeadLetterTopic } from './kafka/kafka-dead-letter-topic.js';
import { KafkaHealth } from './kafka/kafka-health.js';
import { MessagingMetrics } from './messaging-metrics.js';

export interface MessagingOptions {
  /**
   * With Kafka: the consumer group of this process's role (`fated-gateway`, `fated-matcher`); events
   * from every process reach this one's @Consumes classes through it. Omitted, the process only
   * publishes (the CLI). Ignored by the in-process bus.
   */
  consumerGroup?: string;
  /**
   * false: committed outbox rows are left to another process's relay. The CLI beside the running embedded
   * app writes through the app's PGlite socket; the app's relay hands the rows to the app's consumers.
   */
  relay?: boolean;
}

/**
 * The transactional outbox, its relay and the adapter the relay publishes through: this process's
 * EventDispatcher by default, Kafka when KAFKA_BROKERS is set (whose consumer hands records to the same
 * dispatcher). Consumers that give up park their events in dead_letter. Each process relays its own committed rows
 * (claimed with SKIP LOCKED, so any number of processes can relay side by side).
 */
@Global()
// forFeature runs once, at import time like every other module's: calling it per forRoot would make
// @mikro-orm/nestjs reset its entity list when a process opens a second context (the CLI tests do).
@Module({ imports: [DiscoveryModule, MikroOrmModule.forFeature([OutboxMessage])] })
export class MessagingModule {
  static forRoot(config: AppConfig, options: MessagingOptions = {}): DynamicModule {
    return {
      module: MessagingModule,
      providers: [
        Outbox,
        OutboxRelay,
        OutboxCommitListener,
        ProcessedEvents,
        ProcessedEventsPruner,
        DeadLetters,
        DeadLettersHealth,
        OutboxHealth,
        MessagingMetrics,
        EventDispatcher,
        { provide: OUTBOX_RELAY_ON, useValue: options.relay ?? true },
        ...(config.kafkaBrokers ? kafkaProviders(config.kafkaBrokers, options) : inProcessProviders()),
      ],
      exports: [Outbox, OutboxRelay, ProcessedEvents, DeadLetters, EventDispatcher],
    };
  }
}

function inProcessProviders(): Provider[] {
  return [{ provide: EventPublisher, useClass: InProcessEventPublisher }, BusHealth];
}

function kafkaProviders(brokers: string[], { consumerGroup }: MessagingOptions): Provider[] {
  const clientId = `${consumerGroup ?? 'fated-publisher'}-${hostname()}-${process.pid}`;
  return [
    { provide: KafkaSettings, useValue: new KafkaSettings(brokers, clientId, consumerGroup) },
    KafkaClient,
    { provide: EventPublisher, useClass: KafkaEventPublisher },
    KafkaHealth,
    { provide: DeadLetterTopic, useClass: KafkaDeadLetterTopic },
    ...(consumerGroup ? [KafkaEventConsumer] : []),
  ];
}
