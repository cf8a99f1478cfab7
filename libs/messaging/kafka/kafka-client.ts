import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { Kafka, logLevel, type Admin, type LogEntry } from 'kafkajs';
import { KafkaSettings } from './kafka-settings.js';

/**
 * kafkajs logs every error response at ERROR, though it retries the retriable ones (a coordinator still
 * loading, a rebalance under way); failures that matter surface where publish rejects or the consumer
 * crashes. Its warning about limited retries on the idempotent producer does not apply here: a send
 * that gives up rolls the relay back, and a record sent twice is absorbed by the consumers' event ids.
 */
const QUIET = [/^Limiting retries for the idempotent producer/];

function nestLogCreator() {
  const logger = new Logger('Kafka');
  return ({ namespace, level, log }: LogEntry) => {
    const { message, error } = log as { message: string; error?: string };
    const text = error ? `${message}: ${error}` : message;
    if (
      level > logLevel.WARN ||
      namespace === 'Connection' ||
      QUIET.some((pattern) => pattern.test(message))
    ) {
      logger.debug(text);
    } else {
      logger.warn(text);
    }
  };
}

/**
 * The process's one kafkajs client and its admin connection: topic creation on start and the health
 * check's metadata requests share it.
 */
@Injectable()
export class KafkaClient implements OnApplicationShutdown {
  readonly kafka: Kafka;
  private admin: Promise<Admin> | undefined;
  private connectedAdmin: Admin | undefined;
  private topicReady: Promise<void> | undefined;

  constructor(readonly settings: KafkaSettings) {
    this.kafka = new Kafka({
      clientId: settings.clientId,
      brokers: settings.brokers,
      logLevel: logLevel.WARN,
      logCreator: () => nestLogCreator(),
      connectionTimeout: 3_000,
      retry: { retries: 8, initialRetryTime: 300, maxRetryTime: 5_000 },
    });
  }

  /** Creates the events topic when it does not exist yet; every process may race to do it, the broker settles it. */
  ensureTopic(): Promise<void> {
    this.topicReady ??= this.connectAdmin()
      .then(async (admin) => {
        // Asking first keeps kafkajs from logging "topic already exists" on every start but the first.
        if ((await admin.listTopics()).includes(this.settings.topic)) return;
        await admin.createTopics({
          topics: [{ topic: this.settings.topic, numPartitions: KafkaSettings.PARTITIONS }],
          waitForLeaders: true,
        });
      })
      .catch((error: unknown) => {
        this.topicReady = undefined;
        throw error;
      });
    return this.topicReady;
  }

  /** Partition count of the events topic as the broker reports it now (throws when unreachable). */
  async partitions(): Promise<number> {
    const admin = await this.connectAdmin();
    const metadata = await admin.fetchTopicMetadata({ topics: [this.settings.topic] });
    return metadata.topics[0]?.partitions.length ?? 0;
  }

  async onApplicationShutdown(): Promise<void> {
    const admin = this.connectedAdmin;
    this.admin = undefined;
    this.connectedAdmin = undefined;
    // An admin still connecting is not waited for: its retries could hold the shutdown for a minute.
    await admin?.disconnect().catch(() => undefined);
  }

  private connectAdmin(): Promise<Admin> {
    this.admin ??= (async () => {
      const admin = this.kafka.admin();
      await admin.connect();
      this.connectedAdmin = admin;
      return admin;
    })().catch((error: unknown) => {
      this.admin = undefined;
      throw error;
    });
    return this.admin;
  }
}
