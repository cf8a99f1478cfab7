import 'reflect-metadata';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MikroORM } from '@mikro-orm/core';
import { AppConfig } from '../config/app-config.js';
import { ormOptions } from '../persistence/orm-options.js';
import { sql } from '../persistence/sql.js';
import { EventPublisher, type PublishOutcome } from './event-publisher.port.js';
import { IntegrationEvent } from './integration-event.js';
import { OUTBOX_INSERT, Outbox } from './outbox.js';
import { OutboxCommitListener } from './outbox-commit-listener.js';
import { OutboxMessage } from './outbox-message.entity.js';
import { OutboxRelay } from './outbox-relay.js';

class Relayed extends IntegrationEvent<{ n: number }> {
  static readonly type = 'Relayed';
}
class NobodyListens extends IntegrationEvent<{ n: number }> {
  static readonly type = 'NobodyListens';
}

/** Relays only `Relayed`, as the in-process publisher relays only the types a consumer takes. */
class SelectivePublisher extends EventPublisher {
  async publish(): Promise<PublishOutcome> {
    return 'sent';
  }
  override relays(type: string): boolean {
    return type === Relayed.type;
  }
}

/** The relay, counting its wake-ups instead of relaying (never bootstrapped, it never polls either). */
class CountingRelay extends OutboxRelay {
  nudged = 0;
  override nudge(): void {
    this.nudged++;
  }
}

describe('waking the outbox relay after commits (on PGlite)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'fated-commit-listener-spec-'));
  let orm: MikroORM;
  let outbox: Outbox;
  let relay: CountingRelay;

  beforeAll(async () => {
    const config = AppConfig.fromEnvironment({ NODE_ENV: 'test', DATA_DIR: dataDir });
    orm = await MikroORM.init({ ...ormOptions(config), entities: [OutboxMessage] });
    await orm.migrator.up();
    const publisher = new SelectivePublisher();
    outbox = new Outbox(publisher);
    relay = new CountingRelay(orm, publisher);
    new OutboxCommitListener(orm, relay, outbox).onModuleInit();
  });
  afterAll(async () => {
    await orm.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  beforeEach(() => (relay.nudged = 0));

  it('wakes it once a transaction that persisted events commits, not before', async () => {
    await orm.em.fork().transactional(async (em) => {
      outbox.record(em, new Relayed('a', { n: 1 }));
      await em.flush();
      expect(relay.nudged).toBe(0);
    });
    expect(relay.nudged).toBe(1);
  });

  it('wakes it once after a flush of events outside a transaction (the flush commits on its own)', async () => {
    const em = orm.em.fork();
    outbox.record(em, new Relayed('a', { n: 1 }));
    await em.flush();
    expect(relay.nudged).toBe(1);
  });

  it('wakes it after a transaction that wrote relayed rows in one statement', async () => {
    await orm.em.fork().transactional(async (em) => {
      await outbox.recordMany(em, [new Relayed('a', { n: 1 }), new NobodyListens('a', { n: 2 })]);
      expect(relay.nudged).toBe(0);
    });
    expect(relay.nudged).toBe(1);
  });

  it('wakes it when the transaction around a savepoint that wrote events commits', async () => {
    await orm.em.fork().transactional(async (outer) => {
      await outer.transactional(async (inner) => {
        await outbox.recordMany(inner, [new Relayed('a', { n: 1 })]);
      });
      expect(relay.nudged).toBe(0);
    });
    expect(relay.nudged).toBe(1);
  });

  it('leaves it asleep after transactions with no rows for it', async () => {
    await orm.em.fork().transactional(async (em) => {
      await outbox.recordMany(em, [new NobodyListens('a', { n: 1 })]);
    });
    await orm.em.fork().transactional(async (em) => {
      await sql(em, `select 1`);
    });
    expect(relay.nudged).toBe(0);
    const [row] = await sql<{ n: string }>(
      orm.em.fork(),
      `select count(*) as n from outbox_message where type = 'NobodyListens' and published_at is null`,
    );
    expect(Number(row!.n)).toBe(0); // stored as published
  });

  it("wakes it at once for rows a caller's own statement wrote outside a transaction", async () => {
    const em = orm.em.fork();
    const rows = outbox.rowsOf([new Relayed('a', { n: 1 })]);
    await sql(em, `with written as (${OUTBOX_INSERT}) select 1`, [rows.json]);
    outbox.written(em, rows);
    expect(relay.nudged).toBe(1);

    const quiet = outbox.rowsOf([new NobodyListens('a', { n: 2 })]);
    await sql(em, OUTBOX_INSERT, [quiet.json]);
    outbox.written(em, quiet);
    expect(relay.nudged).toBe(1);
  });
});
