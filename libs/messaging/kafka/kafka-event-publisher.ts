import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { Partitioners, type Producer } from 'kafkajs';
import { CONSUMED_EVENT_TYPES } from '../consumed-event-types.js';
import { EventPublisher, type PublishOutcome } from '../event-publisher.port.js';
import type { EventEnvelope } from '../event-envelope.js';
import { encodeEnvelope } from './kafka-event-codec.js';
import { KafkaClient } from './kafka-client.js';

/**
 * The distributed adapter of the relay's port: committed outbox rows become Kafka records. `publish`
 * resolves only when every in-sync replica has the batch (acks all), because the relay marks the rows
 * published right after. The idempotent producer keeps its own retries from writing duplicates; a
 * duplicate from a relay crash between send and mark is absorbed by the consumers' event-id check.
 */
@Injectable()
export class KafkaEventPublisher
  extends EventPublisher
  implements OnApplicationBootstrap, OnApplicationShutdown
{
  private readonly logger = new Logger('KafkaEventPublisher');
  private readonly producer: Producer;
  private connected: Promise<void> | undefined;
  private readonly sending = new Set<Promise<unknown>>();
  private closed = false;
  private isConnected = false;

  constructor(private readonly client: KafkaClient) {
    super();
    this.producer = client.kafka.producer({
      idempotent: true,
      maxInFlightRequests: 1,
      allowAutoTopicCreation: false,
      createPartitioner: Partitioners.DefaultPartitioner,
    });
  }

  /** Only what some process consumes goes to the topic; the rest is stored as published (see the list). */
  override relays(type: string): boolean {
    return CONSUMED_EVENT_TYPES.has(type);
  }

  /**
   * A long-running process (one with a consumer group) connects early, so that its first relayed batch does
   * not pay for it; failures are retried on publish. A publisher alone (the CLI) connects when it first has
   * something to send: a command that records nothing needs no broker.
   */
  onApplicationBootstrap(): void {
    if (!this.client.settings.consumerGroup) return;
    this.ready().catch((error: Error) => {
      if (!this.closed) this.logger.warn(`Kafka not reachable yet: ${error.message}`);
    });
  }

  async publish(envelopes: EventEnvelope[]): Promise<PublishOutcome> {
    if (envelopes.length === 0) return 'sent';
    if (this.closed) throw new Error('the Kafka publisher is shut down');
    await this.ready();
    const sent = this.producer.send({
      topic: this.client.settings.topic,
      acks: -1,
      messages: envelopes.map(encodeEnvelope),
    });
    this.sending.add(sent);
    try {
      await sent;
    } finally {
      this.sending.delete(sent);
    }
    return 'sent';
  }

  /** Lets batches already on their way finish (the relay is waiting to mark them) before disconnecting. */
  async onApplicationShutdown(): Promise<void> {
    this.closed = true;
    await Promise.allSettled([...this.sending]);
    // A connection still being tried is not waited for: its retries could hold the shutdown for a minute.
    if (this.isConnected) await this.producer.disconnect().catch(() => undefined);
  }

  /** Connected, with the topic in place: the relay asks before each claim, so it claims nothing it cannot send. */
  override ready(): Promise<void> {
    this.connected ??= (async () => {
      await this.client.ensureTopic();
      await this.producer.connect();
      this.isConnected = true;
    })().catch((error: unknown) => {
      this.connected = undefined;
      throw error;
    });
    return this.connected;
  }
}
