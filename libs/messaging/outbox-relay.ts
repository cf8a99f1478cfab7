import { AsyncResource } from 'node:async_hooks';
import {
  Inject,
  Injectable,
  Logger,
  Optional,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { MikroORM, type EntityManager } from '@mikro-orm/core';
import { deleteInBatches } from '../persistence/delete-in-batches.js';
import { sql } from '../persistence/sql.js';
import { EventPublisher } from './event-publisher.port.js';
import type { EventEnvelope } from './event-envelope.js';

interface OutboxRow {
  id: string;
  type: string;
  aggregate_id: string;
  payload: object | string;
  occurred_at: Date | string;
  request_id: string | null;
}

const POLL_INTERVAL_MS = 250;
const MAX_BACKOFF_MS = 30_000;
/**
 * How long rows handed to this process's consumers stay claimed before another relay may take them again
 * (their process died). A PGlite process is the only one on its files, so it releases its claims at start.
 */
const CLAIM_MS = 5 * 60_000;
/** Rows per claim: in the embedded mode, also the most events one consumer's batch gets from one claim. */
const BATCH_SIZE = 500;
/** Published rows stay this long for inspection and tests, then go (PGlite runs no autovacuum). */
const PUBLISHED_RETENTION_MS = 60 * 60 * 1000;
/**
 * Pruned often and a bounded batch at a time (by the index of published rows), so that at 500 events a second a
 * prune deletes a few thousand rows, not a minute's worth in one statement beside the requests.
 */
const PRUNE_INTERVAL_MS = 10 * 1000;
const PRUNE_BATCH = 5_000;

/**
 * false: this process leaves its committed rows to another process's relay (the CLI beside the running
 * embedded app, whose relay and consumers take them).
 */
export const OUTBOX_RELAY_ON = Symbol('OUTBOX_RELAY_ON');

/**
 * Moves committed outbox rows to the publisher. Rows are claimed with SKIP LOCKED so several gateway
 * processes can relay side by side; a row is marked published only once the publisher has it durably (Kafka
 * acknowledged it) or, in the embedded mode, once this process's consumers finished with it — a crash in
 * between leaves it unpublished, relayed again after the restart. Delivery is at-least-once (consumers are
 * idempotent on the event id).
 */
@Injectable()
export class OutboxRelay implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('OutboxRelay');
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private stopped = false;
  private lastPrune = 0;
  /** Polls that failed in a row (the database or the broker unreachable). */
  private failures = 0;
  private readonly outsideRequests = new AsyncResource('OutboxRelay');
  /** Event ids whose consumers finished, to be marked published together. */
  private deliveredIds: string[] = [];
  private flushing: Promise<void> | undefined;

  constructor(
    private readonly orm: MikroORM,
    private readonly publisher: EventPublisher,
    @Optional() @Inject(OUTBOX_RELAY_ON) private readonly relaying: boolean = true,
  ) {
    this.stopped = !relaying;
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.relaying) return;
    if (this.orm.config.get('driver')?.name === 'PgliteDriver') {
      // What a crashed run of this process had handed to its consumers was never finished: take it again.
      await sql(
        this.orm.em.fork(),
        `update outbox_message set claimed_until = null where published_at is null and claimed_until is not null`,
      );
    }
    this.schedule(0);
  }

  // Stops before the ORM closes (in onApplicationShutdown), so no relay transaction is cut off mid-way, and
  // records what the consumers still running finish.
  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
    await this.publisher.settled();
    await this.flushDelivered();
  }

  /** Publishes what is pending now instead of at the next poll (called after a commit). */
  nudge(): void {
    if (!this.stopped && !this.running) this.schedule(0);
  }

  /** Relays until nothing is pending; used by the CLI and by tests that need a settled state. */
  async drain(): Promise<void> {
    if (!this.relaying) return;
    while ((await this.relayOnce()) > 0);
  }

  private schedule(delay: number): void {
    clearTimeout(this.timer);
    // Armed outside whichever request nudged it: its polls (and their log lines) carry no request's id.
    this.timer = this.outsideRequests.runInAsyncScope(() => setTimeout(() => void this.tick(), delay));
  }

  private async tick(): Promise<void> {
    let relayed = 0;
    try {
      relayed = await this.relayOnce();
      await this.pruneIfDue();
      this.failures = 0;
    } catch (error) {
      this.failures++;
      this.logger.error(`relay failed (${this.failures} in a row): ${(error as Error).message}`);
    }
    if (this.stopped) return;
    // A database that is gone is asked again less and less often (at most every 30 s), not every poll.
    const backoff = Math.min(POLL_INTERVAL_MS * 2 ** this.failures, MAX_BACKOFF_MS);
    this.schedule(this.failures > 0 ? backoff : relayed === BATCH_SIZE ? 0 : POLL_INTERVAL_MS);
  }

  private relayOnce(): Promise<number> {
    this.running ??= this.claimAndPublish().finally(() => (this.running = undefined));
    return this.running;
  }

  private async claimAndPublish(): Promise<number> {
    // Most polls find nothing: one statement says so, instead of the claim's transaction of five (and
    // nothing to send needs no broker).
    if (!(await this.anythingToClaim())) return 0;
    // Outside the claim's transaction: waiting for consumers while holding it would starve them of PGlite's
    // only connection.
    await this.publisher.ready();
    return this.orm.em.fork().transactional(async (tx) => {
      // The oldest rows, by walking the partial index on seq. A backlog grows faster than the statistics
      // follow (PGlite never analyzes on its own, and a fresh PostgreSQL table lags behind a bulk seed): the
      // planner then expects a few rows, fetches every unpublished row with a bitmap scan and sorts them all
      // (spilling to disk), once per claim. That made draining a 400k-event backlog quadratic.
      await sql(tx, `set local enable_sort = off`);
      await sql(tx, `set local enable_bitmapscan = off`);
      const rows = await sql<OutboxRow>(
        tx,
        `select id, type, aggregate_id, payload, occurred_at, request_id from outbox_message
          where published_at is null and (claimed_until is null or claimed_until < now())
          order by seq limit ${BATCH_SIZE} for update skip locked`,
      );
      if (rows.length === 0) return 0;
      const outcome = await this.publisher.publish(rows.map(toEnvelope), (id) => this.delivered(id));
      const ids = rows.map((row) => row.id);
      if (outcome === 'sent') {
        await this.markPublished(tx, ids);
      } else {
        await sql(
          tx,
          `update outbox_message set claimed_until = ?::timestamptz, attempts = attempts + 1 where id = any(?::uuid[])`,
          [new Date(Date.now() + CLAIM_MS).toISOString(), ids],
        );
      }
      return rows.length;
    });
  }

  private async anythingToClaim(): Promise<boolean> {
    const [row] = await sql<{ pending: boolean }>(
      this.orm.em.fork(),
      `select exists (select 1 from outbox_message
                       where published_at is null and (claimed_until is null or claimed_until < now())) as pending`,
    );
    return Boolean(row?.pending);
  }

  private async markPublished(em: EntityManager, ids: string[]): Promise<void> {
    await sql(
      em,
      `update outbox_message set published_at = now(), claimed_until = null,
         attempts = attempts + (case when claimed_until is null then 1 else 0 end)
        where id = any(?::uuid[])`,
      [ids],
    );
    // Erasable events (IntegrationEventClass.erasable) name someone who asked to be forgotten.
    await sql(em, `delete from outbox_message where id = any(?::uuid[]) and erasable`, [ids]);
  }

  /** Resolves when every event reported delivered so far is marked published (the CLI's settle). */
  async flushed(): Promise<void> {
    await this.flushing;
    await this.flushDelivered();
  }

  /** A consumer run finished with this event: it is marked published with the others that finished meanwhile. */
  private delivered(id: string): void {
    this.deliveredIds.push(id);
    this.flushing ??= new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => this.flushDelivered())
      .finally(() => (this.flushing = undefined));
  }

  private async flushDelivered(): Promise<void> {
    while (this.deliveredIds.length > 0) {
      const ids = this.deliveredIds.splice(0, 1_000);
      try {
        await this.markPublished(this.orm.em.fork(), ids);
      } catch (error) {
        // They stay claimed, and are relayed again when the claim ends: the consumers' marks absorb it.
        this.logger.warn(`${ids.length} delivered events not marked published: ${(error as Error).message}`);
      }
    }
  }

  /** Published rows older than the retention go, a batch per statement, each its own transaction. */
  private async pruneIfDue(): Promise<void> {
    if (this.stopped || Date.now() - this.lastPrune < PRUNE_INTERVAL_MS) return;
    this.lastPrune = Date.now();
    const before = new Date(Date.now() - PUBLISHED_RETENTION_MS).toISOString();
    await deleteInBatches(
      () => this.orm.em.fork(),
      {
        table: 'outbox_message',
        where: 'published_at < ?::timestamptz',
        values: [before],
        batch: PRUNE_BATCH,
      },
      () => this.stopped,
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
    ...(row.request_id ? { requestId: row.request_id } : {}),
  };
}
