import {
  Injectable,
  Logger,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { EventPublisher } from './event-publisher.port.js';
import type { EventEnvelope } from './event-envelope.js';

interface OutboxRow {
  id: string;
  type: string;
  aggregate_id: string;
  payload: object | string;
  occurred_at: Date | string;
}

const POLL_INTERVAL_MS = 250;
const BATCH_SIZE = 200;
/** Published rows stay this long for inspection and tests, then go (PGlite runs no autovacuum). */
const PUBLISHED_RETENTION_MS = 60 * 60 * 1000;
const PRUNE_INTERVAL_MS = 60 * 1000;
/**
 * Event types whose rows go as soon as they are published, whichever process relays them (by name: the
 * relaying process may never load the class). AccountDeleted names someone who asked to be forgotten.
 */
const ERASING_TYPES = ['AccountDeleted'];

/**
 * Moves committed outbox rows to the publisher. Rows are claimed with SKIP LOCKED so several gateway
 * processes can relay side by side; a row is marked published only after the publisher accepted it,
 * which makes delivery at-least-once (consumers are idempotent on the event id).
 */
@Injectable()
export class OutboxRelay implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('OutboxRelay');
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private stopped = false;
  private lastPrune = 0;

  constructor(
    private readonly orm: MikroORM,
    private readonly publisher: EventPublisher,
  ) {}

  onApplicationBootstrap(): void {
    this.schedule(0);
  }

  // Stops before the ORM closes (in onApplicationShutdown), so no relay transaction is cut off mid-way.
  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  /** Publishes what is pending now instead of at the next poll (called after a commit). */
  nudge(): void {
    if (!this.stopped && !this.running) this.schedule(0);
  }

  /** Relays until nothing is pending; used by the CLI and by tests that need a settled state. */
  async drain(): Promise<void> {
    while ((await this.relayOnce()) > 0);
  }

  private schedule(delay: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), delay);
  }

  private async tick(): Promise<void> {
    let relayed = 0;
    try {
      relayed = await this.relayOnce();
    } catch (error) {
      this.logger.error(`relay failed: ${(error as Error).message}`);
    }
    if (!this.stopped) this.schedule(relayed === BATCH_SIZE ? 0 : POLL_INTERVAL_MS);
  }

  private relayOnce(): Promise<number> {
    this.running ??= this.claimAndPublish().finally(() => (this.running = undefined));
    return this.running;
  }

  private async claimAndPublish(): Promise<number> {
    const em = this.orm.em.fork() as SqlEntityManager;
    return em.transactional(async (tx) => {
      const connection = (tx as SqlEntityManager).getConnection();
      const ctx = tx.getTransactionContext();
      const rows: OutboxRow[] = await connection.execute(
        `select id, type, aggregate_id, payload, occurred_at from outbox_message
          where published_at is null order by occurred_at, id limit ${BATCH_SIZE} for update skip locked`,
        [],
        'all',
        ctx,
      );
      if (rows.length === 0) return 0;
      await this.publisher.publish(rows.map(toEnvelope));
      const ids = rows.map((row) => row.id);
      const list = ids.map(() => '?').join(', ');
      await connection.execute(
        `update outbox_message set published_at = now(), attempts = attempts + 1 where id in (${list})`,
        ids,
        'run',
        ctx,
      );
      await connection.execute(
        `delete from outbox_message where id in (${list}) and type in (${ERASING_TYPES.map(() => '?').join(', ')})`,
        [...ids, ...ERASING_TYPES],
        'run',
        ctx,
      );
      await this.pruneIfDue(connection, ctx);
      return rows.length;
    });
  }

  private async pruneIfDue(
    connection: ReturnType<SqlEntityManager['getConnection']>,
    ctx: unknown,
  ): Promise<void> {
    if (Date.now() - this.lastPrune < PRUNE_INTERVAL_MS) return;
    this.lastPrune = Date.now();
    await connection.execute(
      `delete from outbox_message where published_at < ?`,
      [new Date(Date.now() - PUBLISHED_RETENTION_MS).toISOString()],
      'run',
      ctx as never,
    );
  }
}

/** The row as stored: relayed whatever its type, whether or not this process knows the event's class. */
function toEnvelope(row: OutboxRow): EventEnvelope {
  return {
    eventId: row.id,
    type: row.type,
    aggregateId: row.aggregate_id,
    occurredAt: new Date(row.occurred_at).toISOString(),
    payload: typeof row.payload === 'string' ? (JSON.parse(row.payload) as object) : row.payload,
  };
}
