import 'reflect-metadata';
import { Module, type INestApplicationContext } from '@nestjs/common';
import { DiscoveryModule, NestFactory } from '@nestjs/core';
import { Metrics } from '../shared/observability/metrics.js';
import { RequestContext } from '../shared/observability/request-context.js';
import { Consumes, type EventConsumer } from './consumes.decorator.js';
import { DeadLetters } from './dead-letters.js';
import { EVENT_DISPATCH_OPTIONS, EventDispatcher } from './event-dispatcher.js';
import { IntegrationEvent } from './integration-event.js';

class Poked extends IntegrationEvent<{ fail: number }> {
  static readonly type = 'Poked';
}

const seen: { requestId: string | undefined; recorded: string | undefined }[] = [];
const failuresLeft = new Map<string, number>();

@Consumes(Poked)
class PokeCounter implements EventConsumer<Poked> {
  async handle(event: Poked): Promise<void> {
    const left = failuresLeft.get(event.eventId) ?? event.payload.fail;
    if (left > 0) {
      failuresLeft.set(event.eventId, left - 1);
      throw new Error('not now');
    }
    // What the consumer runs in, and what an event it records would carry.
    seen.push({ requestId: RequestContext.requestId(), recorded: new Poked('x', { fail: 0 }).requestId });
  }
}

/** The dispatcher counts what its consumers do and hands them the request behind each event. */
describe('EventDispatcher metrics and request ids', () => {
  let app: INestApplicationContext;
  let dispatcher: EventDispatcher;
  let metrics: Metrics;

  beforeAll(async () => {
    @Module({
      imports: [DiscoveryModule],
      providers: [
        PokeCounter,
        EventDispatcher,
        Metrics,
        { provide: DeadLetters, useValue: { park: async () => undefined } },
        {
          provide: EVENT_DISPATCH_OPTIONS,
          useValue: { concurrency: 2, retry: { retries: 1, firstDelayMs: 1, factor: 1 } },
        },
      ],
    })
    class TestModule {}
    app = await NestFactory.createApplicationContext(TestModule, { logger: false });
    await app.init();
    dispatcher = app.get(EventDispatcher);
    metrics = app.get(Metrics);
  });
  afterAll(() => app.close());

  const value = async (name: string, labels: Record<string, string>) =>
    (await metrics.registry.getSingleMetric(name)!.get()).values.find((v) =>
      Object.entries(labels).every(([key, wanted]) => v.labels[key] === wanted),
    )?.value ?? 0;

  it('counts handled, failed, retried and parked events by consumer', async () => {
    await dispatcher.dispatchMany([
      new Poked('a', { fail: 0 }),
      new Poked('b', { fail: 1 }),
      new Poked('c', { fail: 5 }),
    ]);
    expect(await value('fated_events_handled_total', { consumer: 'PokeCounter', event: 'Poked' })).toBe(2);
    expect(await value('fated_events_failed_total', { consumer: 'PokeCounter' })).toBe(3);
    expect(await value('fated_events_retried_total', { consumer: 'PokeCounter' })).toBe(2);
    expect(await value('fated_events_parked_total', { consumer: 'PokeCounter' })).toBe(1);
  });

  it('runs a consumer in the request of its event, and in none for an event without one', async () => {
    seen.length = 0;
    const traced = RequestContext.run('req-1', () => new Poked('d', { fail: 0 }));
    expect(traced.requestId).toBe('req-1');
    // Dispatched from another request's context: the event's own request wins.
    await RequestContext.run('other', () => dispatcher.dispatchMany([traced]));
    await RequestContext.run('other', () =>
      dispatcher.dispatchMany([new Poked('e', { fail: 0 }, { eventId: 'e', occurredAt: new Date() })]),
    );
    expect(seen).toEqual([
      { requestId: 'req-1', recorded: 'req-1' },
      { requestId: undefined, recorded: undefined },
    ]);
  });
});
