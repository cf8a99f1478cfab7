import {
  Injectable,
  Logger,
  Optional,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import type { Consumer, EachBatchPayload, KafkaMessage } from 'kafkajs';
import { decodeEvent } from './kafka-event-codec.js';
import { KafkaClient } from './kafka-client.js';
import { EventDispatcher, MAX_CONSUMER_BATCH } from '../event-dispatcher.js';
import type { IntegrationEvent } from '../integration-event.js';
import { Metrics } from '../../shared/observability/metrics.js';

/** A killed process's partitions move to the others after this long without its heartbeat. */
const SESSION_TIMEOUT_MS = 10_000;
const HEARTBEAT_MS = 1_000;
/** Handlers that take longer than a heartbeat still keep the membership alive. */
const HANDLER_HEARTBEAT_MS = 2_000;
const RESTART_DELAY_MS = 3_000;
const FETCH_WAIT_MS = 1_000;
const PARTITIONS_IN_PARALLEL = 3;

export type ConsumerState =
  | { status: 'starting' }
  | { status: 'joined'; partitions: number[] }
  | { status: 'failed'; reason: string }
  | { status: 'stopped' };

/**
 * Reads the events topic in this role's consumer group (every gateway shares one group, every matcher
 * another, so each role sees each event once) and hands the records of each fetch, a slice of at most
 * MAX_CONSUMER_BATCH at a time, to this process's EventDispatcher (`dispatchMany`: batch consumers get them
 * together, the others one user's events in order). A slice's offset is committed only after its consumers
 * finished (or its poison events were parked as dead letters, so one never blocks its partition): a process
 * that dies mid-slice leaves the records to the group's next owner of the partition, and the consumers'
 * ProcessedEvents marks absorb the redelivery.
 */
@Injectable()
export class KafkaEventConsumer implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('KafkaEventConsumer');
  private consumer: Consumer | undefined;
  private restartTimer: NodeJS.Timeout | undefined;
  private stopping = false;
  private current: ConsumerState = { status: 'starting' };

  constructor(
    private readonly client: KafkaClient,
    private readonly dispatcher: EventDispatcher,
    @Optional() private readonly metrics?: Metrics,
  ) {}

  get state(): ConsumerState {
    return this.current;
  }

  get groupId(): string {
    return this.client.settings.consumerGroup!;
  }

  /** Not awaited: the process serves (and reports itself not ready) while the broker is still out of reach. */
  onApplicationBootstrap(): void {
    void this.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.restartTimer);
    const consumer = this.consumer;
    this.consumer = undefined;
    // Waits for the record in hand to finish, then leaves the group so its partitions move at once.
    await consumer?.disconnect().catch((error: Error) => this.logger.warn(`disconnect: ${error.message}`));
    if (consumer) this.logger.log(`left ${this.groupId}`);
    this.current = { status: 'stopped' };
  }

  private async start(): Promise<void> {
    if (this.stopping) return;
    const consumer = this.client.kafka.consumer({
      groupId: this.groupId,
      sessionTimeout: SESSION_TIMEOUT_MS,
      heartbeatInterval: HEARTBEAT_MS,
      // A fetch waits this long for records when there are none; shutdown waits for the fetch in hand.
      maxWaitTimeInMs: FETCH_WAIT_MS,
      allowAutoTopicCreation: false,
    });
    this.consumer = consumer;
    consumer.on(consumer.events.GROUP_JOIN, ({ payload }) => {
      const partitions = payload.memberAssignment[this.client.settings.topic] ?? [];
      this.current = { status: 'joined', partitions: [...partitions].sort((a, b) => a - b) };
      this.logger.log(`joined ${this.groupId}: partitions ${partitions.join(', ') || 'none'}`);
    });
    consumer.on(consumer.events.CRASH, ({ payload }) => {
      // kafkajs restarts by itself after retriable errors (a coordinator still loading after a broker restart).
      if (payload.restart) this.logger.warn(`consumer restarting after: ${payload.error.message}`);
      else {
        this.logger.error(`consumer crashed: ${payload.error.message}`);
        this.fail(consumer, payload.error.message);
      }
    });
    try {
      await this.client.ensureTopic();
      await consumer.connect();
      // A new group starts at the beginning: events published before the first matcher started still count.
      await consumer.subscribe({ topic: this.client.settings.topic, fromBeginning: true });
      await consumer.run({
        autoCommit: false,
        partitionsConsumedConcurrently: PARTITIONS_IN_PARALLEL,
        eachBatchAutoResolve: false,
        eachBatch: (payload) => this.handleBatch(consumer, payload),
      });
    } catch (error) {
      this.fail(consumer, (error as Error).message);
    }
  }

  private async handleBatch(
    consumer: Consumer,
    { batch, resolveOffset, heartbeat, isRunning, isStale }: EachBatchPayload,
  ): Promise<void> {
    const { topic, partition } = batch;
    for (let start = 0; start < batch.messages.length; start += MAX_CONSUMER_BATCH) {
      // A rebalance took the partition (or the consumer stops): the next owner starts at the last commit.
      if (!isRunning() || isStale()) return;
      const slice = batch.messages.slice(start, start + MAX_CONSUMER_BATCH);
      const events = slice.flatMap((message) => this.eventOf(partition, message));
      if (events.length > 0) {
        const beat = setInterval(() => void heartbeat().catch(() => undefined), HANDLER_HEARTBEAT_MS);
        try {
          // One user's events stay in order, as the partition delivered them (key = user id).
          await this.dispatcher.dispatchMany(events, { perAggregate: true });
        } finally {
          clearInterval(beat);
        }
      }
      const last = slice.at(-1)!.offset;
      resolveOffset(last);
      await consumer.commitOffsets([{ topic, partition, offset: (BigInt(last) + 1n).toString() }]);
      // What the fetch knew of the partition's end: read from the batch, no extra request to the broker.
      const lag = BigInt(batch.highWatermark) - BigInt(last) - 1n;
      this.metrics?.consumerLag.set({ topic, partition: String(partition) }, Number(lag < 0n ? 0n : lag));
    }
  }

  /** The record's event when a consumer here takes it; nothing (logged) otherwise. */
  private eventOf(partition: number, message: KafkaMessage): IntegrationEvent[] {
    const decoded = decodeEvent(message.value);
    if (decoded.kind === 'event' && this.dispatcher.consumes(decoded.event.type)) {
      this.logger.debug(
        `dispatching ${decoded.event.type} ${decoded.event.eventId} (${partition}/${message.offset})`,
      );
      return [decoded.event];
    }
    if (decoded.kind === 'event') {
      this.logger.debug(`no consumer of ${decoded.event.type} here; skipping ${decoded.event.eventId}`);
    } else if (decoded.kind === 'unknown-type') {
      this.logger.debug(`no handler class for ${decoded.type} here; skipping ${decoded.eventId}`);
    } else {
      // A record no consumer can read would block its partition forever: log it and move on.
      this.logger.warn(`skipping malformed record ${partition}/${message.offset}: ${decoded.reason}`);
    }
    return [];
  }

  private fail(consumer: Consumer, reason: string): void {
    if (this.stopping || this.consumer !== consumer) return;
    this.current = { status: 'failed', reason };
    this.logger.warn(`consumer not running (${reason}); retrying in ${RESTART_DELAY_MS / 1000}s`);
    this.consumer = undefined;
    void consumer.disconnect().catch(() => undefined);
    clearTimeout(this.restartTimer);
    this.restartTimer = setTimeout(() => void this.start(), RESTART_DELAY_MS);
  }
}
