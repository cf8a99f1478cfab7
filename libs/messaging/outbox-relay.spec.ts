import 'reflect-metadata';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MikroORM } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { AppConfig } from '../config/app-config.js';
import { ormOptions } from '../persistence/orm-options.js';
import type { EventEnvelope } from './event-envelope.js';
import { EventPublisher, type PublishOutcome } from './event-publisher.port.js';
import { IntegrationEvent } from './integration-event.js';
import { Outbox } from './outbox.js';
import { OutboxMessage } from './outbox-message.entity.js';
import { OutboxRelay } from './outbox-relay.js';
import { ProcessedEvents } from './processed-events.js';
import { ProcessedEventsPruner } from './processed-events-pruner.js';
import { RequestContext } from '../shared/observability/request-context.js';

class SomethingHappened extends IntegrationEvent<{ n: number }> {
  static readonly type = 'SomethingHappened';
}

/** A publisher that records what it got and answers as told. */
class RecordingPublisher extends EventPublisher {
  received: EventEnvelope[] = [];
  outcome: PublishOutcome = 'sent';
  failing = false;
  delivered: ((eventId: string) => void) | undefined;

  async publish(envelopes: EventEnvelope[], delivered: (eventId: string) => void): Promise<PublishOutcome> {
    if (this.failing) throw new Error('broker unreachable');
    this.received.push(...envelopes);
    this.delivered = delivered;
    return this.outcome;
  }
}

describe('outbox relay and processed-event marks (on PGlite)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'fated-relay-spec-'));
  let orm: MikroORM;
  let publisher: RecordingPublisher;
  let relay: OutboxRelay;

  const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) =>
    (orm.em.fork() as SqlEntityManager).getConnection().execute(query, params, 'all') as Promise<T[]>;
  const record = (...events: IntegrationEvent[]) =>
    orm.em.fork().transactional(async (em) => new Outbox().record(em, ...events));

  beforeAll(async () => {
    const config = AppConfig.fromEnvironment({ NODE_ENV: 'test', DATA_DIR: dataDir });
    orm = await MikroORM.init({ ...ormOptions(config), entities: [OutboxMessage] });
    await orm.migrator.up();
  });
  afterAll(async () => {
    await orm.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await sql(`delete from outbox_message`);
    publisher = new RecordingPublisher();
    relay = new OutboxRelay(orm, publisher);
  });

  it('publishes committed rows in order, as stored, and marks them once the publisher has them', async () => {
    const events = [1, 2, 3].map((n) => new SomethingHappened(`user-${n}`, { n }));
    await record(...events);
    await relay.drain();
    expect(publisher.received.map((envelope) => envelope.eventId)).toEqual(
      events.map((event) => event.eventId),
    );
    expect(publisher.received[0]).toMatchObject({
      type: 'SomethingHappened',
      aggregateId: 'user-1',
      payload: { n: 1 },
    });
    expect(await sql(`select 1 from outbox_message where published_at is null`)).toHaveLength(0);
    await relay.drain();
    expect(publisher.received).toHaveLength(3); // nothing twice
  });

  it('keeps rows the publisher refused, to relay them on the next try', async () => {
    await record(new SomethingHappened('user-1', { n: 1 }));
    publisher.failing = true;
    await expect(relay.drain()).rejects.toThrow('broker unreachable');
    expect(await sql(`select attempts from outbox_message where published_at is null`)).toEqual([
      { attempts: 0 },
    ]);
    publisher.failing = false;
    await relay.drain();
    expect(publisher.received).toHaveLength(1);
  });

  it('polls outside the request that nudged it, and less and less often while it fails', async () => {
    const seen: (string | undefined)[] = [];
    const publish = publisher.publish.bind(publisher);
    publisher.publish = async (envelopes, delivered) => {
      seen.push(RequestContext.requestId());
      return publish(envelopes, delivered);
    };
    publisher.failing = true;
    await record(new SomethingHappened('user-1', { n: 1 }));
    RequestContext.run('a-request', () => relay.nudge());
    await new Promise((resolve) => setTimeout(resolve, 1_400));
    await relay.beforeApplicationShutdown();
    // 0, then 500 and 1,000 ms apart (not every 250 ms: 6 tries).
    expect(seen.length).toBeGreaterThanOrEqual(2);
    expect(seen.length).toBeLessThanOrEqual(3);
    expect(seen.every((id) => id === undefined)).toBe(true);
  });

  it('leaves handed-over rows claimed, unpublished, until their consumers report them delivered', async () => {
    publisher.outcome = 'handed-over';
    const event = new SomethingHappened('user-1', { n: 1 });
    await record(event);
    await relay.drain();
    const [claimed] = await sql<{ published_at: unknown; claimed_until: unknown }>(
      `select published_at, claimed_until from outbox_message`,
    );
    expect(claimed!.published_at).toBeNull();
    expect(claimed!.claimed_until).not.toBeNull();
    await relay.drain();
    expect(publisher.received).toHaveLength(1); // a claimed row is not taken again

    publisher.delivered!(event.eventId);
    await relay.flushed();
    const [published] = await sql<{ published_at: unknown; claimed_until: unknown }>(
      `select published_at, claimed_until from outbox_message`,
    );
    expect(published!.published_at).not.toBeNull();
    expect(published!.claimed_until).toBeNull();
  });

  it('releases its own claims at start on PGlite (a crash left them unfinished)', async () => {
    publisher.outcome = 'handed-over';
    await record(new SomethingHappened('user-1', { n: 1 }));
    await relay.drain();
    const restarted = new OutboxRelay(orm, publisher);
    await restarted.onApplicationBootstrap();
    await restarted.drain();
    await restarted.beforeApplicationShutdown();
    expect(publisher.received).toHaveLength(2);
  });

  it('removes the rows of erasable events as soon as they are published', async () => {
    class AccountDeleted extends IntegrationEvent<{ userId: string }> {
      static readonly type = 'AccountDeleted';
      static readonly erasable = true;
    }
    await record(
      new AccountDeleted('user-9', { userId: 'user-9' }),
      new SomethingHappened('user-1', { n: 1 }),
    );
    await relay.drain();
    expect(await sql<{ type: string }>(`select type from outbox_message`)).toEqual([
      { type: 'SomethingHappened' },
    ]);
  });

  it('prunes rows published over an hour ago, however many, and keeps the rest', async () => {
    const insert = (count: number, publishedAt: string) =>
      sql(
        `insert into outbox_message (id, type, aggregate_id, payload, occurred_at, published_at)
         select gen_random_uuid(), 'SomethingHappened', 'user-1', '{}', now() - interval '2 hours', ${publishedAt}
           from generate_series(1, ${count})`,
      );
    await insert(5_003, `now() - interval '2 hours'`); // more than one batch
    await insert(2, `now() - interval '50 minutes'`);
    await insert(1, 'null'); // an old row never published stays to be relayed
    publisher.outcome = 'handed-over'; // so the unpublished row stays unpublished
    await relay.onApplicationBootstrap(); // its first tick prunes
    const counts = () =>
      sql<{ published: number; unpublished: number }>(
        `select count(published_at)::int as published, count(*) filter (where published_at is null)::int as unpublished
           from outbox_message`,
      );
    for (let waited = 0; waited < 10_000 && (await counts())[0]!.published > 2; waited += 50)
      await new Promise((resolve) => setTimeout(resolve, 50));
    await relay.beforeApplicationShutdown();
    expect(await counts()).toEqual([{ published: 2, unpublished: 1 }]);
  });

  it('forgets processed-event marks older than eight days, however many, and keeps the rest', async () => {
    await sql(`delete from processed_event`);
    const insert = (count: number, age: string) =>
      sql(
        `insert into processed_event (consumer, event_id, processed_at)
         select 'spec.pruned', gen_random_uuid(), now() - interval '${age}' from generate_series(1, ${count})`,
      );
    await insert(5_003, '9 days'); // more than one batch
    await insert(2, '7 days');
    await insert(1, '1 minute');
    const pruner = new ProcessedEventsPruner(new ProcessedEvents(orm));
    expect(await pruner.prune()).toBe(5_003);
    expect(await sql(`select count(*)::int as kept from processed_event`)).toEqual([{ kept: 3 }]);
    // A redelivery of a kept event is still skipped.
    const [kept] = await sql<{ event_id: string }>(`select event_id from processed_event limit 1`);
    const again = new SomethingHappened(
      'user-1',
      { n: 1 },
      { eventId: kept!.event_id, occurredAt: new Date() },
    );
    expect(await new ProcessedEvents(orm).once('spec.pruned', again, async () => undefined)).toBe(false);
  });

  it('marks an event processed once per consumer, together with its work', async () => {
    const processed = new ProcessedEvents(orm);
    const event = new SomethingHappened('user-1', { n: 1 });
    const work: string[] = [];
    expect(await processed.once('spec.counter', event, async () => void work.push('first'))).toBe(true);
    expect(await processed.once('spec.counter', event, async () => void work.push('again'))).toBe(false);
    expect(await processed.once('spec.other', event, async () => void work.push('other'))).toBe(true);
    // Work that fails leaves no mark, so the redelivery does the work.
    const failing = new SomethingHappened('user-2', { n: 2 });
    await expect(
      processed.once('spec.counter', failing, async () => {
        throw new Error('database hiccup');
      }),
    ).rejects.toThrow('database hiccup');
    expect(await processed.once('spec.counter', failing, async () => void work.push('retried'))).toBe(true);
    expect(work).toEqual(['first', 'other', 'retried']);
  });

  it('marks many events in one transaction and works only on those not processed before', async () => {
    const processed = new ProcessedEvents(orm);
    const [a, b, c] = [1, 2, 3].map((n) => new SomethingHappened(`user-${n}`, { n }));
    expect(await processed.once('spec.batch', b!, async () => undefined)).toBe(true);
    const worked: number[][] = [];
    const fresh = await processed.onceMany('spec.batch', [a!, b!, c!, a!], async (_em, events) => {
      worked.push(events.map((event) => event.payload.n));
    });
    expect(fresh.map((event) => event.payload.n)).toEqual([1, 3]);
    expect(worked).toEqual([[1, 3]]);
    // Nothing new: the work is not called.
    expect(await processed.onceMany('spec.batch', [a!, c!], async () => void worked.push([0]))).toEqual([]);
    expect(worked).toHaveLength(1);
    // Work that fails leaves no marks.
    const [d, e] = [4, 5].map((n) => new SomethingHappened(`user-${n}`, { n }));
    await expect(
      processed.onceMany('spec.batch', [d!, e!], async () => {
        throw new Error('database hiccup');
      }),
    ).rejects.toThrow('database hiccup');
    const again = await processed.onceMany('spec.batch', [d!, e!], async () => undefined);
    expect(again.map((event) => event.payload.n)).toEqual([4, 5]);
  });

  it('stores a batch of events that need no relay as published, and relays the rest', async () => {
    class NobodyListens extends IntegrationEvent<{ n: number }> {
      static readonly type = 'NobodyListens';
    }
    publisher.relays = (type) => type !== 'NobodyListens';
    const quiet = new NobodyListens('user-1', { n: 1 });
    const heard = new SomethingHappened('user-2', { n: 2 });
    await orm.em.fork().transactional((em) => new Outbox(publisher).recordMany(em, [quiet, heard]));

    const unpublished = await sql<{ type: string }>(
      `select type from outbox_message where published_at is null`,
    );
    expect(unpublished.map((row) => row.type)).toEqual(['SomethingHappened']);
    await relay.drain();
    expect(publisher.received.map((envelope) => envelope.eventId)).toEqual([heard.eventId]);
    expect(await sql(`select 1 from outbox_message where published_at is null`)).toHaveLength(0);
    expect(await sql(`select 1 from outbox_message`)).toHaveLength(2);
  });
});
