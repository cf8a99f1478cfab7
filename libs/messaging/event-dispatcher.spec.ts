import 'reflect-metadata';
import { Module, type INestApplicationContext } from '@nestjs/common';
import { DiscoveryModule, NestFactory } from '@nestjs/core';
import { Consumes, type EventConsumer } from './consumes.decorator.js';
import { DeadLetters } from './dead-letters.js';
import type { EventEnvelope } from './event-envelope.js';
import { EVENT_DISPATCH_OPTIONS, EventDispatcher } from './event-dispatcher.js';
import { InProcessEventPublisher } from './in-process-event-publisher.js';
import { IntegrationEvent } from './integration-event.js';

class SomethingHappened extends IntegrationEvent<{ n: number }> {
  static readonly type = 'SomethingHappened';
}
class SomethingElseHappened extends IntegrationEvent<{ n: number }> {
  static readonly type = 'SomethingElseHappened';
}
class NobodyCares extends IntegrationEvent<object> {
  static readonly type = 'NobodyCares';
}

const log: string[] = [];
let running = 0;
let peak = 0;
const failuresLeft = new Map<number, number>();

@Consumes(SomethingHappened)
class SlowCounter implements EventConsumer<SomethingHappened> {
  async handle(event: SomethingHappened): Promise<void> {
    running++;
    peak = Math.max(peak, running);
    await new Promise((resolve) => setTimeout(resolve, 5));
    running--;
    log.push(`counted ${event.payload.n}`);
  }
}

@Consumes(SomethingHappened)
class Flaky implements EventConsumer<SomethingHappened> {
  async handle(event: SomethingHappened): Promise<void> {
    const left = failuresLeft.get(event.payload.n) ?? 0;
    if (left > 0) {
      failuresLeft.set(event.payload.n, left - 1);
      throw new Error(`flaky on ${event.payload.n}`);
    }
    log.push(`flaky ok ${event.payload.n}`);
  }
}

let laneRunning = 0;
let lanePeak = 0;

/** One event after the other, of both its types, whatever the dispatcher's bound; stored under its own id. */
@Consumes(SomethingHappened, SomethingElseHappened, { id: 'spec.one-at-a-time', concurrency: 1 })
class OneAtATime implements EventConsumer<SomethingHappened | SomethingElseHappened> {
  async handle(event: SomethingHappened | SomethingElseHappened): Promise<void> {
    laneRunning++;
    lanePeak = Math.max(lanePeak, laneRunning);
    await new Promise((resolve) => setTimeout(resolve, 2));
    laneRunning--;
    if (event.payload.n === 13) throw new Error('unlucky');
  }
}

class RecordedDeadLetters {
  parked: { consumer: string; envelope: EventEnvelope; error: string; attempts: number }[] = [];
  async park(consumer: string, envelope: EventEnvelope, error: string, attempts: number): Promise<void> {
    this.parked.push({ consumer, envelope, error, attempts });
  }
}

describe('EventDispatcher', () => {
  let app: INestApplicationContext;
  let dispatcher: EventDispatcher;
  let deadLetters: RecordedDeadLetters;

  beforeAll(async () => {
    deadLetters = new RecordedDeadLetters();
    @Module({
      imports: [DiscoveryModule],
      providers: [
        SlowCounter,
        Flaky,
        OneAtATime,
        EventDispatcher,
        { provide: DeadLetters, useValue: deadLetters },
        {
          provide: EVENT_DISPATCH_OPTIONS,
          useValue: { concurrency: 3, retry: { retries: 2, firstDelayMs: 1, factor: 1 } },
        },
      ],
    })
    class TestModule {}
    app = await NestFactory.createApplicationContext(TestModule, { logger: false });
    dispatcher = app.get(EventDispatcher);
  });
  afterAll(() => app.close());
  beforeEach(() => {
    log.length = 0;
    peak = 0;
    deadLetters.parked.length = 0;
    failuresLeft.clear();
  });

  it('finds the @Consumes providers and knows which events have consumers here', () => {
    expect(dispatcher.consumes('SomethingHappened')).toBe(true);
    expect(dispatcher.consumes('NobodyCares')).toBe(false);
  });

  it('lets the outbox skip the relay only for events nobody here consumes, once the consumers are known', () => {
    const publisher = new InProcessEventPublisher(dispatcher);
    expect(publisher.relays('SomethingHappened')).toBe(true);
    expect(publisher.relays('NobodyCares')).toBe(false);
    const starting = new EventDispatcher(
      { getProviders: () => [] } as never,
      deadLetters as unknown as DeadLetters,
    );
    expect(new InProcessEventPublisher(starting).relays('NobodyCares')).toBe(true);
  });

  it("beside another process's relay, leaves every event some consumer of the codebase takes to it", () => {
    // The CLI beside the running app loads no matcher consumer: MatchRequested must still wait for the app's.
    const besideTheApp = new InProcessEventPublisher(dispatcher, false);
    expect(dispatcher.consumes('MatchRequested')).toBe(false);
    expect(besideTheApp.relays('MatchRequested')).toBe(true);
    expect(besideTheApp.relays('UserRegistered')).toBe(true);
    expect(besideTheApp.relays('MatchesGenerated')).toBe(false);
  });

  it('resolves a dispatch only after every consumer of the event finished', async () => {
    await dispatcher.dispatch(new SomethingHappened('a', { n: 1 }));
    expect(log.sort()).toEqual(['counted 1', 'flaky ok 1']);
    await dispatcher.dispatch(new NobodyCares('a', {}));
  });

  it('runs at most `concurrency` consumers at once, however many events arrive', async () => {
    await Promise.all(
      Array.from({ length: 30 }, (_, n) => dispatcher.dispatch(new SomethingHappened('a', { n }))),
    );
    expect(log.filter((line) => line.startsWith('counted'))).toHaveLength(30);
    expect(peak).toBeLessThanOrEqual(3);
    expect(dispatcher.progress.running).toBe(0);
  });

  it('runs a consumer that declared a concurrency within its own bound, and parks under its id', async () => {
    lanePeak = 0;
    await Promise.all([12, 13, 14, 15].map((n) => dispatcher.dispatch(new SomethingHappened('a', { n }))));
    expect(lanePeak).toBe(1);
    expect(deadLetters.parked.map((letter) => [letter.consumer, letter.error, letter.attempts])).toEqual([
      ['spec.one-at-a-time', 'unlucky', 3],
    ]);
  });

  it('keeps a consumer of several events within its one bound, whichever event arrives', async () => {
    lanePeak = 0;
    await Promise.all(
      [1, 2, 3, 4].flatMap((n) => [
        dispatcher.dispatch(new SomethingHappened('a', { n })),
        dispatcher.dispatch(new SomethingElseHappened('a', { n })),
      ]),
    );
    await dispatcher.dispatchMany([
      new SomethingElseHappened('b', { n: 5 }),
      new SomethingHappened('b', { n: 5 }),
      new SomethingElseHappened('c', { n: 6 }),
    ]);
    expect(lanePeak).toBe(1);
  });

  it('retries a failing consumer, and a later success parks nothing', async () => {
    failuresLeft.set(7, 2);
    await dispatcher.dispatch(new SomethingHappened('a', { n: 7 }));
    expect(log).toContain('flaky ok 7');
    expect(deadLetters.parked.filter((letter) => letter.consumer === 'Flaky')).toEqual([]);
  });

  it('parks the event for the consumer that gave up, with its error, and the others still run', async () => {
    failuresLeft.set(9, 99);
    const event = new SomethingHappened('user-9', { n: 9 });
    await dispatcher.dispatch(event);
    expect(log).toEqual(['counted 9']);
    expect(deadLetters.parked.filter((letter) => letter.consumer === 'Flaky')).toEqual([
      {
        consumer: 'Flaky',
        envelope: expect.objectContaining({
          eventId: event.eventId,
          type: 'SomethingHappened',
          payload: { n: 9 },
        }),
        error: 'flaky on 9',
        attempts: 3,
      },
    ]);
  });

  it('replays one named consumer, and rejects when it fails again', async () => {
    const event = new SomethingHappened('a', { n: 11 });
    failuresLeft.set(11, 1);
    await expect(dispatcher.replay('Flaky', event)).rejects.toThrow('flaky on 11');
    await dispatcher.replay('Flaky', event);
    expect(log).toEqual(['flaky ok 11']);
    await expect(dispatcher.replay('Nobody', event)).rejects.toThrow(/no consumer Nobody/);
  });

  it('holds the relay back while too many events are unfinished', async () => {
    const first = dispatcher.dispatch(new SomethingHappened('a', { n: 20 }));
    const second = dispatcher.dispatch(new SomethingHappened('a', { n: 21 }));
    let roomMade = false;
    const room = dispatcher.whenBelow(1).then(() => (roomMade = true));
    expect(roomMade).toBe(false);
    await Promise.all([first, second, room]);
    expect(roomMade).toBe(true);
    await dispatcher.settled();
  });
});

describe('EventDispatcher while the process stops', () => {
  it('neither retries nor parks a consumer that fails once shutdown began; the dispatch rejects', async () => {
    const deadLetters = new RecordedDeadLetters();
    @Module({
      imports: [DiscoveryModule],
      providers: [
        Flaky,
        EventDispatcher,
        { provide: DeadLetters, useValue: deadLetters },
        // A long pause: only shutdown can end it within the test's time.
        {
          provide: EVENT_DISPATCH_OPTIONS,
          useValue: { concurrency: 1, retry: { retries: 1, firstDelayMs: 60_000, factor: 1 } },
        },
      ],
    })
    class StoppingModule {}
    const app = await NestFactory.createApplicationContext(StoppingModule, { logger: false });
    failuresLeft.set(31, 99);
    const outcome = app.get(EventDispatcher).dispatch(new SomethingHappened('a', { n: 31 }));
    outcome.catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 20)); // the first attempt failed; it waits to retry
    await app.close();
    await expect(outcome).rejects.toThrow(/Flaky stopped with the process: flaky on 31/);
    expect(deadLetters.parked).toEqual([]);
  });
});

describe('EventDispatcher while a module above it stops', () => {
  it("does not park an event whose consumer failed because another module's shutdown hook ran first", async () => {
    const deadLetters = new RecordedDeadLetters();
    /** Like the embedding model's worker: its shutdown hook fails whoever waits on it, then takes a while. */
    class ModelWorker {
      private readonly waiting: ((error: Error) => void)[] = [];
      private stopped?: Error;
      answer(): Promise<void> {
        if (this.stopped) return Promise.reject(this.stopped);
        return new Promise((_, reject) => this.waiting.push(reject));
      }
      async beforeApplicationShutdown(): Promise<void> {
        this.stopped = new Error('worker stopped');
        for (const fail of this.waiting) fail(this.stopped);
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
    }
    @Consumes(SomethingElseHappened)
    class WaitsForTheModel implements EventConsumer<SomethingElseHappened> {
      constructor(private readonly worker: ModelWorker) {}
      handle(): Promise<void> {
        return this.worker.answer();
      }
    }
    @Module({
      imports: [DiscoveryModule],
      providers: [
        EventDispatcher,
        { provide: DeadLetters, useValue: deadLetters },
        {
          provide: EVENT_DISPATCH_OPTIONS,
          useValue: { concurrency: 1, retry: { retries: 2, firstDelayMs: 10, factor: 1 } },
        },
      ],
      exports: [EventDispatcher],
    })
    class MessagingLike {}
    @Module({ imports: [MessagingLike], providers: [ModelWorker, WaitsForTheModel] })
    class AppLike {}
    const app = await NestFactory.createApplicationContext(AppLike, { logger: false });
    const outcome = app.get(EventDispatcher).dispatch(new SomethingElseHappened('a', { n: 1 }));
    outcome.catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 20)); // the consumer waits on the worker
    await app.close();
    await expect(outcome).rejects.toThrow(/stopped with the process: worker stopped/);
    expect(deadLetters.parked).toEqual([]);
  });
});
