import 'reflect-metadata';
import { Module, type INestApplicationContext } from '@nestjs/common';
import { DiscoveryModule, NestFactory } from '@nestjs/core';
import { Consumes, type EventConsumer } from './consumes.decorator.js';
import { DeadLetters } from './dead-letters.js';
import type { EventEnvelope } from './event-envelope.js';
import { EVENT_DISPATCH_OPTIONS, EventDispatcher, MAX_CONSUMER_BATCH } from './event-dispatcher.js';
import { IntegrationEvent } from './integration-event.js';

class Tick extends IntegrationEvent<{ n: number }> {
  static readonly type = 'Tick';
}
class Tock extends IntegrationEvent<{ n: number }> {
  static readonly type = 'Tock';
}
class Unrelated extends IntegrationEvent<{ n: number }> {
  static readonly type = 'Unrelated';
}

const tick = (user: string, n: number) => new Tick(user, { n });
const tock = (user: string, n: number) => new Tock(user, { n });

/** What the consumers saw, and how they are told to fail. */
const seen = {
  batches: [] as number[][],
  singles: [] as number[],
  ordered: [] as string[],
  /** Event numbers `handle` and `handleBatch` always fail on. */
  poison: new Set<number>(),
  /** Batch attempts left to fail, whatever they hold. */
  batchFailuresLeft: 0,
  running: 0,
  peak: 0,
  /** Per user: a run of that user's started while another was running. */
  overlapped: new Set<string>(),
  active: new Set<string>(),
};

@Consumes(Tick, Tock)
class BatchingCounter implements EventConsumer<Tick | Tock> {
  async handle(event: Tick | Tock): Promise<void> {
    if (seen.poison.has(event.payload.n)) throw new Error(`poison ${event.payload.n}`);
    seen.singles.push(event.payload.n);
  }

  async handleBatch(events: (Tick | Tock)[]): Promise<void> {
    seen.running++;
    seen.peak = Math.max(seen.peak, seen.running);
    await new Promise((resolve) => setTimeout(resolve, 2));
    seen.running--;
    if (seen.batchFailuresLeft > 0) {
      seen.batchFailuresLeft--;
      throw new Error('database hiccup');
    }
    const poisoned = events.find((event) => seen.poison.has(event.payload.n));
    if (poisoned) throw new Error(`poison ${poisoned.payload.n} in a batch`);
    seen.batches.push(events.map((event) => event.payload.n));
  }
}

/** No batch method: gets every Tick one at a time. */
@Consumes(Tick)
class OneByOne implements EventConsumer<Tick> {
  async handle(event: Tick): Promise<void> {
    const user = event.aggregateId;
    if (seen.active.has(user)) seen.overlapped.add(user);
    seen.active.add(user);
    await new Promise((resolve) => setTimeout(resolve, 1 + (event.payload.n % 3)));
    seen.active.delete(user);
    seen.ordered.push(`${user}:${event.payload.n}`);
  }
}

class RecordedDeadLetters {
  parked: { consumer: string; envelope: EventEnvelope; error: string; attempts: number }[] = [];
  async park(consumer: string, envelope: EventEnvelope, error: string, attempts: number): Promise<void> {
    this.parked.push({ consumer, envelope, error, attempts });
  }
}

describe('EventDispatcher.dispatchMany (batch consumers)', () => {
  let app: INestApplicationContext;
  let dispatcher: EventDispatcher;
  let deadLetters: RecordedDeadLetters;

  beforeAll(async () => {
    deadLetters = new RecordedDeadLetters();
    @Module({
      imports: [DiscoveryModule],
      providers: [
        BatchingCounter,
        OneByOne,
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
    seen.batches.length = 0;
    seen.singles.length = 0;
    seen.ordered.length = 0;
    seen.poison.clear();
    seen.batchFailuresLeft = 0;
    seen.peak = 0;
    seen.overlapped.clear();
    deadLetters.parked.length = 0;
  });

  it('gives a batch consumer its events of the call at once, in order, and the others one at a time', async () => {
    const events = [tick('a', 1), new Unrelated('a', { n: 2 }), tock('b', 3), tick('c', 4), tock('a', 5)];
    await dispatcher.dispatchMany(events);
    expect(seen.batches).toEqual([[1, 3, 4, 5]]);
    expect(seen.singles).toEqual([]);
    expect(seen.ordered.sort()).toEqual(['a:1', 'c:4']);
    expect(deadLetters.parked).toEqual([]);
    expect(dispatcher.progress.running).toBe(0);
  });

  it('uses `handle` for a single event, and splits a long call into bounded batches', async () => {
    await dispatcher.dispatchMany([tock('a', 1)]);
    expect(seen.singles).toEqual([1]);
    expect(seen.batches).toEqual([]);

    const many = Array.from({ length: MAX_CONSUMER_BATCH + 7 }, (_, n) => tock(`user-${n}`, n));
    await dispatcher.dispatchMany(many);
    expect(seen.batches.map((batch) => batch.length)).toEqual([MAX_CONSUMER_BATCH, 7]);
    expect(seen.batches.flat()).toEqual(many.map((event) => event.payload.n));
  });

  it('retries a failing batch as a whole; a later success handles nothing twice and parks nothing', async () => {
    seen.batchFailuresLeft = 2;
    await dispatcher.dispatchMany([tock('a', 1), tock('b', 2), tock('c', 3)]);
    expect(seen.batches).toEqual([[1, 2, 3]]);
    expect(seen.singles).toEqual([]);
    expect(deadLetters.parked).toEqual([]);
  });

  it('after the last retry handles the batch one event at a time and parks only the poison event', async () => {
    seen.poison.add(2);
    const events = [tock('a', 1), tock('b', 2), tock('c', 3), tock('b', 4)];
    await dispatcher.dispatchMany(events);
    expect(seen.batches).toEqual([]);
    expect(seen.singles.sort()).toEqual([1, 3, 4]);
    expect(deadLetters.parked).toEqual([
      {
        consumer: 'BatchingCounter',
        envelope: expect.objectContaining({ eventId: events[1]!.eventId, type: 'Tock', payload: { n: 2 } }),
        error: 'poison 2',
        attempts: 3,
      },
    ]);
    expect(dispatcher.progress.running).toBe(0);
  });

  it('resolves only when every batch, fallback and single event is done', async () => {
    seen.poison.add(11);
    let resolved = false;
    const done = dispatcher
      .dispatchMany([tick('a', 10), tick('a', 11), tick('b', 12), tock('c', 13)])
      .then(() => (resolved = true));
    await new Promise((resolve) => setTimeout(resolve, 1));
    expect(resolved).toBe(false);
    await done;
    expect(seen.singles.sort()).toEqual([10, 12, 13]);
    expect(seen.ordered.sort()).toEqual(['a:10', 'a:11', 'b:12']);
    expect(deadLetters.parked.map((letter) => [letter.consumer, letter.envelope.payload])).toEqual([
      ['BatchingCounter', { n: 11 }],
    ]);
  });

  it('runs a consumer without a batch method on one user’s events in order, never two at once (perAggregate)', async () => {
    const events = Array.from({ length: 24 }, (_, n) => tick(`user-${n % 3}`, n));
    await dispatcher.dispatchMany(events, { perAggregate: true });
    expect(seen.overlapped.size).toBe(0);
    for (const user of ['user-0', 'user-1', 'user-2']) {
      const mine = seen.ordered.filter((line) => line.startsWith(`${user}:`));
      expect(mine).toEqual(
        events.filter((event) => event.aggregateId === user).map((event) => `${user}:${event.payload.n}`),
      );
    }
  });

  it('keeps the concurrency bound across calls and counts each event for the relay’s backpressure', async () => {
    const calls = Array.from({ length: 8 }, (_, call) =>
      dispatcher.dispatchMany(Array.from({ length: 5 }, (_, n) => tock(`u${call}-${n}`, call * 5 + n))),
    );
    let roomMade = false;
    const room = dispatcher.whenBelow(10).then(() => (roomMade = true));
    expect(roomMade).toBe(false); // 40 events unfinished
    await Promise.all([...calls, room]);
    expect(roomMade).toBe(true);
    expect(seen.peak).toBeLessThanOrEqual(3);
    expect(seen.batches).toHaveLength(8);
    expect(dispatcher.progress.running).toBe(0);
  });
});

describe('EventDispatcher.dispatchMany while the process stops', () => {
  it('neither retries nor falls back nor parks a batch that fails once shutdown began', async () => {
    const deadLetters = new RecordedDeadLetters();
    @Module({
      imports: [DiscoveryModule],
      providers: [
        BatchingCounter,
        EventDispatcher,
        { provide: DeadLetters, useValue: deadLetters },
        {
          provide: EVENT_DISPATCH_OPTIONS,
          useValue: { concurrency: 1, retry: { retries: 1, firstDelayMs: 60_000, factor: 1 } },
        },
      ],
    })
    class StoppingModule {}
    const app = await NestFactory.createApplicationContext(StoppingModule, { logger: false });
    seen.singles.length = 0;
    seen.batchFailuresLeft = 99;
    const dispatcher = app.get(EventDispatcher);
    const outcome = dispatcher.dispatchMany([tock('a', 1), tock('b', 2)]);
    outcome.catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 20)); // the first attempt failed; it waits to retry
    await app.close();
    await expect(outcome).rejects.toThrow(/BatchingCounter stopped with the process: database hiccup/);
    expect(seen.singles).toEqual([]);
    expect(deadLetters.parked).toEqual([]);
    expect(dispatcher.progress.running).toBe(0);
    seen.batchFailuresLeft = 0;
  });
});
