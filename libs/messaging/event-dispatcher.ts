import {
  Inject,
  Injectable,
  Logger,
  Optional,
  type BeforeApplicationShutdown,
  type Type,
  type OnModuleDestroy,
  type OnModuleInit,
} from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import pLimit, { type LimitFunction } from 'p-limit';
import { Metrics } from '../shared/observability/metrics.js';
import { RequestContext } from '../shared/observability/request-context.js';
import { retrying, type RetryPolicy } from '../shared/retry.js';
import {
  CONSUMED_EVENTS,
  consumerIdOf,
  consumerOptionsOf,
  type EventConsumer,
} from './consumes.decorator.js';
import { DeadLetterTopic } from './dead-letter-topic.port.js';
import { DeadLetters } from './dead-letters.js';
import { envelopeOf } from './event-envelope.js';
import type { IntegrationEvent } from './integration-event.js';

export interface EventDispatchOptions {
  /** Consumers running at once in this process, across all events. */
  concurrency: number;
  /** Retries of a failed consumer (with their pauses); after the last, the event is parked. */
  retry: RetryPolicy;
}

export const EVENT_DISPATCH_OPTIONS = Symbol('EventDispatchOptions');

// Pauses of 0.5, 2 and 8 s.
const DEFAULTS: EventDispatchOptions = {
  concurrency: 4,
  retry: { retries: 3, firstDelayMs: 500, factor: 4 },
};

interface RegisteredConsumer {
  /** Its stored identity (consumerIdOf), in dead letters, logs and metrics. */
  name: string;
  consumer: EventConsumer;
  types: ReadonlySet<string>;
  /** Its own bound on attempts running at once, when it declared a concurrency (pauses between retries are outside it). */
  lane: LimitFunction | undefined;
}

/** Most events one `handleBatch` call gets: a bounded transaction, a bounded embedding batch. */
export const MAX_CONSUMER_BATCH = 500;

/**
 * The one way integration events reach their consumers in a process: the in-process publisher, the Kafka
 * consumer and the CLI all call `dispatch` (one event) or `dispatchMany` (a relay claim, a Kafka fetch),
 * which run every consumer of the events (declared with @Consumes, found among the providers), a bounded
 * number at a time, retry a failing one with backoff and then park the event for it as a dead letter (and
 * on the dead-letter topic, with Kafka) so the stream moves on. A consumer with `handleBatch` gets its
 * events of a `dispatchMany` in batches; a batch that still fails after the retries is handled again one
 * event at a time, so only the poison event is parked. Without `handleBatch`, events reach a consumer one at
 * a time, started in order, side by side within the bound; with `perAggregate` (Kafka, whose partitions
 * promised it) one user's (aggregate's) event only after the previous one finished or was parked. Both resolve
 * when every consumer finished or was parked; they reject only when parking itself failed (or the process
 * is stopping), so the caller keeps the events (the relay or Kafka delivers them again).
 */
@Injectable()
export class EventDispatcher implements OnModuleInit, OnModuleDestroy, BeforeApplicationShutdown {
  private readonly logger = new Logger('EventDispatcher');
  private readonly consumers: RegisteredConsumer[] = [];
  private readonly byType = new Map<string, RegisteredConsumer[]>();
  private readonly byName = new Map<string, RegisteredConsumer>();
  private readonly options: EventDispatchOptions;
  private readonly limit: LimitFunction;
  private readonly inFlight = new Set<Promise<void>>();
  /** Events of the unfinished dispatches (a `dispatchMany` counts each of its events). */
  private unfinishedEvents = 0;
  private readonly roomWaiters: { below: number; resolve: () => void }[] = [];
  /** Consumer runs (one consumer on one event) started, and those over (done, parked or abandoned). */
  private started = 0;
  private finished = 0;
  private stopping = false;
  /** Aborted when the process starts stopping: ends the retries' pauses. */
  private readonly stop = new AbortController();

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly deadLetters: DeadLetters,
    @Optional() private readonly deadLetterTopic?: DeadLetterTopic,
    @Optional() @Inject(EVENT_DISPATCH_OPTIONS) options?: Partial<EventDispatchOptions>,
    @Optional() private readonly metrics?: Metrics,
  ) {
    this.options = { ...DEFAULTS, ...options };
    this.limit = pLimit(this.options.concurrency);
  }

  /** Whether this process's consumers are known yet (they are found as the modules start). */
  discovered = false;

  onModuleInit(): void {
    for (const wrapper of this.discovery.getProviders()) {
      const types = wrapper.metatype
        ? (Reflect.getMetadata(CONSUMED_EVENTS, wrapper.metatype) as string[] | undefined)
        : undefined;
      if (!types || !wrapper.instance || !wrapper.isDependencyTreeStatic()) continue;
      const type = wrapper.metatype as Type<EventConsumer>;
      const name = consumerIdOf(type);
      const consumer = wrapper.instance as EventConsumer;
      if (this.byName.has(name)) continue; // one instance per class, even if two modules list it
      const { concurrency } = consumerOptionsOf(type);
      const lane = concurrency ? pLimit(concurrency) : undefined;
      const entry: RegisteredConsumer = { name, consumer, types: new Set(types), lane };
      this.byName.set(name, entry);
      this.consumers.push(entry);
      for (const type of types) {
        const list = this.byType.get(type) ?? [];
        list.push(entry);
        this.byType.set(type, list);
      }
    }
    this.discovered = true;
  }

  /** Whether any consumer of `type` runs in this process. */
  consumes(type: string): boolean {
    return this.byType.has(type);
  }

  /** Runs every consumer of `event`; see the class comment for what resolving means. */
  dispatch(event: IntegrationEvent): Promise<void> {
    return this.dispatchMany([event]);
  }

  /**
   * Runs every consumer of `events` (in publication order), batch consumers a batch at a time; resolves once
   * all of them finished or were parked, and only then (see the class comment).
   */
  dispatchMany(events: readonly IntegrationEvent[], options: { perAggregate?: boolean } = {}): Promise<void> {
    const perAggregate = options.perAggregate ?? false;
    const runs: Promise<void>[] = [];
    for (const entry of this.consumers) {
      const mine = events.filter((event) => entry.types.has(event.type));
      if (mine.length === 0) continue;
      this.started += mine.length;
      if (entry.consumer.handleBatch && mine.length > 1) {
        for (let start = 0; start < mine.length; start += MAX_CONSUMER_BATCH)
          runs.push(this.runBatch(entry, mine.slice(start, start + MAX_CONSUMER_BATCH), perAggregate));
      } else {
        runs.push(this.runOneByOne(entry, mine, perAggregate));
      }
    }
    const done = allDone(runs);
    const weight = events.length;
    this.unfinishedEvents += weight;
    this.inFlight.add(done);
    void done
      .catch(() => undefined)
      .finally(() => {
        this.inFlight.delete(done);
        this.unfinishedEvents -= weight;
        this.wakeRoomWaiters();
      });
    return done;
  }

  /** Runs one named consumer once more on a parked event (`fated events replay`); rejects if it fails again. */
  async replay(consumerName: string, event: IntegrationEvent): Promise<void> {
    const entry = this.byName.get(consumerName);
    if (!entry) throw new Error(`no consumer ${consumerName} in this process`);
    await this.limit(() => this.attempt(entry, () => entry.consumer.handle(event)));
  }

  /** Resolves once fewer than `count` dispatched events are unfinished (backpressure for the relay). */
  whenBelow(count: number): Promise<void> {
    if (this.unfinishedEvents < count) return Promise.resolve();
    return new Promise((resolve) => this.roomWaiters.push({ below: count, resolve }));
  }

  /** Resolves when every dispatch started so far has finished. */
  async settled(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  /** Consumer runs started and finished so far, for progress bars (in memory, no query). */
  get progress(): { started: number; running: number } {
    return { started: this.started, running: this.started - this.finished };
  }

  // Consumers finish while the database is still open (the ORM closes in onApplicationShutdown). A consumer
  // that fails from here on failed because the process is stopping (the model worker is gone, the pool
  // closing): it is neither retried nor parked, and its dispatch rejects, so the event stays undelivered and
  // is relayed (or redelivered by Kafka) when a process starts again.
  async beforeApplicationShutdown(): Promise<void> {
    this.onModuleDestroy();
    await this.settled();
  }

  /**
   * "Stopping" starts here, before any module's beforeApplicationShutdown: those run from the app's modules
   * down to this one, so the embedding model's worker (matching) closes before this hook, and a consumer
   * waiting on it would otherwise fail as if the event were poison, be retried and parked.
   */
  onModuleDestroy(): void {
    this.stopping = true;
    this.stop.abort();
  }

  /**
   * One batch through `handleBatch`, retried like a single event; after the last retry the batch is handled
   * again one event at a time, so what fails for good is one event, parked alone.
   */
  private async runBatch(
    entry: RegisteredConsumer,
    events: IntegrationEvent[],
    perAggregate: boolean,
  ): Promise<void> {
    let handled: boolean;
    try {
      handled = await this.limit(() => this.tryBatch(entry, events));
    } catch (error) {
      this.finished += events.length; // the process is stopping: abandoned, delivered again later
      throw error;
    }
    if (handled) this.finished += events.length;
    else await this.runOneByOne(entry, events, perAggregate);
  }

  /** True when the batch went through; false when its retries are used up. */
  private async tryBatch(entry: RegisteredConsumer, events: IntegrationEvent[]): Promise<boolean> {
    const { name, consumer } = entry;
    try {
      await this.withRetries(name, `a batch of ${events.length} events`, async () => {
        await new Promise((resolve) => setImmediate(resolve));
        // A batch mixes requests: its own new events belong to none of them.
        await this.attempt(entry, () => RequestContext.run(undefined, () => consumer.handleBatch!(events)));
      });
    } catch (error) {
      if (this.stopping) throw this.stoppedError(name, error);
      this.logger.warn(
        `${name} failed on a batch of ${events.length} events ${this.options.retry.retries + 1} times (${messageOf(error)}); handling them one at a time`,
      );
      return false;
    }
    for (const event of events) this.handled(name, event);
    return true;
  }

  /**
   * Events one at a time through `handle`, started in order within the concurrency bound. `perAggregate`:
   * one aggregate's events each after the previous finished (or was parked), different aggregates' side by
   * side; otherwise all side by side, as separate `dispatch` calls would run them.
   */
  private async runOneByOne(
    entry: RegisteredConsumer,
    events: IntegrationEvent[],
    perAggregate: boolean,
  ): Promise<void> {
    const sequences = perAggregate ? [...byAggregate(events).values()] : events.map((event) => [event]);
    await allDone(
      sequences.map(async (sequence) => {
        for (let next = 0; next < sequence.length; next++) {
          const event = sequence[next]!;
          try {
            await this.limit(() => this.runWithRetries(entry, event));
            this.finished++;
          } catch (error) {
            // Parking failed or the process is stopping: the aggregate's later events wait for the redelivery.
            this.finished += sequence.length - next;
            throw error;
          }
        }
      }),
    );
  }

  private async runWithRetries(entry: RegisteredConsumer, event: IntegrationEvent): Promise<void> {
    const { name, consumer } = entry;
    try {
      await this.withRetries(name, `${event.type} ${event.eventId}`, async () => {
        // PGlite answers without real I/O, so consumer after consumer could run as one endless chain of
        // microtasks in which no timer fires (heartbeats, progress bars, the model-load timeout).
        await new Promise((resolve) => setImmediate(resolve));
        // The consumer's log lines and the events it records carry the request that caused this one.
        await this.attempt(entry, () => RequestContext.run(event.requestId, () => consumer.handle(event)));
      });
    } catch (error) {
      if (this.stopping) throw this.stoppedError(name, error);
      await this.park(name, event, messageOf(error), this.options.retry.retries + 1);
      return;
    }
    this.handled(name, event);
  }

  /** One attempt, within the consumer's own bound if it declared one. */
  private attempt<T>({ lane }: RegisteredConsumer, work: () => Promise<T>): Promise<T> {
    return lane ? lane(work) : work();
  }

  /** `work` under the retry policy, counted and logged; once the process is stopping, never retried. */
  private withRetries(name: string, what: string, work: () => Promise<void>): Promise<void> {
    return retrying(work, this.options.retry, {
      signal: this.stop.signal,
      onFailure: (error, _attempt, retryInMs) => {
        if (this.stopping) throw error;
        this.metrics?.eventsFailed.inc({ consumer: name });
        if (retryInMs === undefined) return;
        this.metrics?.eventsRetried.inc({ consumer: name });
        this.logger.warn(`${name} failed on ${what} (${messageOf(error)}); retry in ${retryInMs} ms`);
      },
    });
  }

  /** A failure while the process stops: neither retried nor parked; the event is delivered again later. */
  private stoppedError(name: string, error: unknown): Error {
    return new Error(`${name} stopped with the process: ${messageOf(error)}`, { cause: error });
  }

  /**
   * Counted for Prometheus; an event a request caused is also logged with its request id, so one action can
   * be followed from the gateway's request line to here (bulk work carries none and stays quiet).
   */
  private handled(name: string, event: IntegrationEvent): void {
    this.metrics?.eventsHandled.inc({ consumer: name, event: event.type });
    if (event.requestId)
      RequestContext.run(event.requestId, () =>
        this.logger.log(`${name} handled ${event.type} ${event.eventId} (request ${event.requestId})`),
      );
  }

  private async park(name: string, event: IntegrationEvent, error: string, attempts: number): Promise<void> {
    const envelope = envelopeOf(event);
    // A warning, not an error: the event is kept, the stream goes on, and /api/health counts what is parked.
    this.logger.warn(
      `${name} gave up on ${event.type} ${event.eventId} after ${attempts} attempts (${error}); parked as a dead letter`,
    );
    this.metrics?.eventsParked.inc({ consumer: name });
    await this.deadLetters.park(name, envelope, error, attempts);
    await this.deadLetterTopic
      ?.send({ consumer: name, envelope, error, attempts })
      .catch((topicError: Error) => this.logger.warn(`dead-letter topic: ${topicError.message}`));
  }

  private wakeRoomWaiters(): void {
    for (let i = this.roomWaiters.length - 1; i >= 0; i--) {
      const waiter = this.roomWaiters[i]!;
      if (this.unfinishedEvents < waiter.below) {
        this.roomWaiters.splice(i, 1);
        waiter.resolve();
      }
    }
  }
}

function messageOf(error: unknown): string {
  return (error as Error)?.message ?? String(error);
}

/** Resolves when every run settled; rejects then with the first failure, if any. */
async function allDone(runs: Promise<void>[]): Promise<void> {
  const outcomes = await Promise.allSettled(runs);
  const failed = outcomes.find((outcome) => outcome.status === 'rejected');
  if (failed) throw failed.reason;
}

/** The events of each aggregate, in their order. */
function byAggregate(events: IntegrationEvent[]): Map<string, IntegrationEvent[]> {
  const sequences = new Map<string, IntegrationEvent[]>();
  for (const event of events) {
    const sequence = sequences.get(event.aggregateId);
    if (sequence) sequence.push(event);
    else sequences.set(event.aggregateId, [event]);
  }
  return sequences;
}
