import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import type { Producer } from 'kafkajs';
import { DeadLetterTopic } from '../dead-letter-topic.port.js';
import type { DeadLetter } from '../dead-letters.js';
import { KafkaClient } from './kafka-client.js';

/**
 * Copies each parked event to `fated.events.dlq` (created on first use, one partition: a trickle, read by
 * operators' tools), with the consumer and the error in headers. The dead_letter table stays the record
 * the CLI lists and replays from.
 */
@Injectable()
export class KafkaDeadLetterTopic extends DeadLetterTopic implements OnApplicationShutdown {
  static readonly TOPIC = 'fated.events.dlq';
  private producer: Promise<Producer> | undefined;

  constructor(private readonly client: KafkaClient) {
    super();
  }

  async send({ consumer, envelope, error, attempts }: Omit<DeadLetter, 'id' | 'parkedAt'>): Promise<void> {
    const producer = await this.connect();
    await producer.send({
      topic: KafkaDeadLetterTopic.TOPIC,
      acks: -1,
      messages: [
        {
          key: envelope.aggregateId,
          value: JSON.stringify(envelope),
          headers: {
            type: envelope.type,
            eventId: envelope.eventId,
            consumer,
            error,
            attempts: String(attempts),
          },
        },
      ],
    });
  }

  async onApplicationShutdown(): Promise<void> {
    const producer = this.producer;
    this.producer = undefined;
    await producer?.then((connected) => connected.disconnect()).catch(() => undefined);
  }

  private connect(): Promise<Producer> {
    this.producer ??= (async () => {
      const admin = this.client.kafka.admin();
      await admin.connect();
      try {
        if (!(await admin.listTopics()).includes(KafkaDeadLetterTopic.TOPIC))
          await admin.createTopics({
            topics: [{ topic: KafkaDeadLetterTopic.TOPIC, numPartitions: 1 }],
            waitForLeaders: true,
          });
      } finally {
        await admin.disconnect();
      }
      const producer = this.client.kafka.producer({ allowAutoTopicCreation: false });
      await producer.connect();
      return producer;
    })().catch((error: unknown) => {
      this.producer = undefined;
      throw error;
    });
    return this.producer;
  }
}
