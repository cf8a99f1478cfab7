import {
  Inject,
  Injectable,
  Logger,
  Optional,
  type BeforeApplicationShutdown,
  type OnModuleInit,
} from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import pLimit, { type LimitFunction } from 'p-limit';
import { CONSUMED_EVENTS, type EventConsumer } from './consumes.decorator.js';
import { DeadLetterTopic } from './dead-letter-topic.port.js';
import { DeadLetters } from './dead-letters.js';
import { envelopeOf } from './event-envelope.js';
import type { IntegrationEvent } from './integration-event.js';

export interface EventDispatchOptions {
  /** Consumers running at once in this process, across all events. */
  concurrency: number;
  /** Pauses before each retry of a failed consumer; after the last, the event is parked. */
  retryDelaysMs: number[];
}

export const EVENT_DISPATCH_OPTIONS = Symbol('EventDispatchOptions');

const DEFAULTS: EventDispatchOptions = { concurrency: 4, retryDelaysMs: [500, 2_000, 8_000] };

interface RegisteredConsumer {
  name: string;
  consumer: EventConsumer;
}

/**
 * The one way integration events reach their consumers in a process: the in-process publisher, the Kafka
 * consumer and the CLI all call `dispatch`, which runs every consumer of the event (declared with
 * @Consumes, found among the providers), a bounded number at a time, retries a failing one with backoff
 * and then parks the event for it as a dead letter (and on the dead-letter topic, with Kafka) so the
 * stream moves on. It resolves when every consumer finished or was parked; it rejects only when parking
 * itself failed, so the caller keeps the event (the relay or Kafka delivers it again).
 */
@Injectable()
export class EventDispatcher implements OnModuleInit, BeforeApplicationShutdown {
  private readonly logger = new Logger('EventDispatcher');
  private readonly byType = new Map<string, RegisteredConsumer[]>();
  private readonly byName = new Map<string, EventConsumer>();
  private readonly options: EventDispatchOptions;
  private readonly limit: LimitFunction;
  private readonly inFlight = new Set<Promise<void>>();
  private readonly roomWaiters: { below: number; resolve: () => void }[] = [];
  private started = 0;
  private stopping = false;
  private readonly wakeSleepers = new Set<() => void>();

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly deadLetters: DeadLetters,
    @Optional() private readonly deadLetterTopic?: DeadLetterTopic,
    @Optional() @Inject(EVENT_DISPATCH_OPTIONS) options?: Partial<EventDispatchOptions>,
  ) {
    this.options = { ...DEFAULTS, ...options };
    this.limit = pLimit(this.options.concurrency);
  }

  onModuleInit(): void {
    for (const wrapper of this.discovery.getProviders()) {
      const types = wrapper.metatype
        ? (Reflect.getMetadata(CONSUMED_EVENTS, wrapper.metatype) as string[] | undefined)
        : undefined;
      if (!types || !wrapper.instance || !wrapper.isDependencyTreeStatic()) continue;
      const name = wrapper.metatype!.name;
      const consumer = wrapper.instance as EventConsumer;
      if (this.byName.has(name)) continue; // one instance per class, even if two modules list it
      this.byName.set(name, consumer);
      for (const type of types) {
        const list = this.byType.get(type) ?? [];
        list.push({ name, consumer });
        this.byType.set(type, list);
      }
    }
  }

  /** Whether any consumer of `type` runs in this process. */
  consumes(type: string): boolean {
    return this.byType.has(type);
  }

  /** Runs every consumer of `event`; see the class comment for what resolving means. */
  dispatch(event: IntegrationEvent): Promise<void> {
    const consumers = this.byType.get(event.type) ?? [];
    const done = Promise.all(
      consumers.map((entry) => this.limit(() => this.runWithRetries(entry, event))),
    ).then(() => undefined);
    this.started += consumers.length;
    this.inFlight.add(done);
    void done
      .catch(() => undefined)
      .finally(() => {
        this.inFlight.delete(done);
        this.wakeRoomWaiters();
      });
    return done;
  }

  /** Runs one named consumer once more on a parked event (`fated events replay`); rejects if it fails again. */
  async replay(consumerName: string, event: IntegrationEvent): Promise<void> {
    const consumer = this.byName.get(consumerName);
    if (!consumer) throw new Error(`no consumer ${consumerName} in this process`);
    await this.limit(() => consumer.handle(event));
  }

  /** Resolves once fewer than `count` dispatches are unfinished (backpressure for the relay). */
  whenBelow(count: number): Promise<void> {
    if (this.inFlight.size < count) return Promise.resolve();
    return new Promise((resolve) => this.roomWaiters.push({ below: count, resolve }));
  }

  /** Resolves when every dispatch started so far has finished. */
  async settled(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  /** Consumer runs started and finished so far, for progress bars (in memory, no query). */
  get progress(): { started: number; running: number } {
    return { started: this.started, running: this.limit.activeCount + this.limit.pendingCount };
  }

  // Consumers finish while the database is still open (the ORM closes in onApplicationShutdown). A consumer
  // that fails from here on failed because the process is stopping (the model worker is gone, the pool
  // closing): it is neither retried nor parked, and its dispatch rejects, so the event stays undelivered and
  // is relayed (or redelivered by Kafka) when a process starts again.
  async beforeApplicationShutdown(): Promise<void> {
    this.stopping = true;
    for (const wake of this.wakeSleepers) wake();
    await this.settled();
  }

  private async runWithRetries(
    { name, consumer }: RegisteredConsumer,
    event: IntegrationEvent,
  ): Promise<void> {
    const delays = this.options.retryDelaysMs;
    for (let attempt = 1; ; attempt++) {
      try {
        // PGlite answers without real I/O, so consumer after consumer could run as one endless chain of
        // microtasks in which no timer fires (heartbeats, progress bars, the model-load timeout).
        await new Promise((resolve) => setImmediate(resolve));
        await consumer.handle(event);
        return;
      } catch (error) {
        const message = (error as Error)?.message ?? String(error);
        if (this.stopping) throw new Error(`${name} stopped with the process: ${message}`, { cause: error });
        const delay = delays[attempt - 1];
        if (delay === undefined) {
          await this.park(name, event, message, attempt);
          return;
        }
        this.logger.warn(
          `${name} failed on ${event.type} ${event.eventId} (${message}); retry in ${delay} ms`,
        );
        await this.sleep(delay);
      }
    }
  }

  /** A retry pause that ends early when the process starts stopping. */
  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.wakeSleepers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      this.wakeSleepers.add(wake);
    });
  }

  private async park(name: string, event: IntegrationEvent, error: string, attempts: number): Promise<void> {
    const envelope = envelopeOf(event);
    // A warning, not an error: the event is kept, the stream goes on, and /api/health counts what is parked.
    this.logger.warn(
      `${name} gave up on ${event.type} ${event.eventId} after ${attempts} attempts (${error}); parked as a dead letter`,
    );
    await this.deadLetters.park(name, envelope, error, attempts);
    await this.deadLetterTopic
      ?.send({ consumer: name, envelope, error, attempts })
      .catch((topicError: Error) => this.logger.warn(`dead-letter topic: ${topicError.message}`));
  }

  private wakeRoomWaiters(): void {
    for (let i = this.roomWaiters.length - 1; i >= 0; i--) {
      const waiter = this.roomWaiters[i]!;
      if (this.inFlight.size < waiter.below) {
        this.roomWaiters.splice(i, 1);
        waiter.resolve();
      }
    }
  }
}
