import { Inject, Injectable, Logger } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { EventDispatcher } from '../../libs/messaging/event-dispatcher.js';
import { OutboxRelay } from '../../libs/messaging/outbox-relay.js';
import { APP_SESSIONS_SQL } from '../../libs/persistence/orm-options.js';

/**
 * Whether the running app relays and consumes what the CLI records: it serves its PGlite database to the CLI
 * through a socket, or it is connected to the same PostgreSQL database; false when the CLI is on its own.
 */
export const BESIDE_THE_APP = Symbol('BESIDE_THE_APP');
export type BesideTheApp = false | 'pglite' | 'postgres';

const APP_POLL_MS = 250;

/**
 * Lets a CLI command finish only once what it set in motion has finished: every outbox row relayed and
 * every consumer it triggered settled. Closing the database right after the last command would cut
 * consumers off mid-transaction (their event already marked as published). Beside the running app, the
 * app's relay and consumers do that work: the command waits until the app has published (in the embedded
 * mode: finished handling) every row recorded up to now.
 */
@Injectable()
export class EventSettler {
  private readonly logger = new Logger('Events');
  /** Beside the app: the rows there were to wait for, and how many still are. */
  private awaited = { total: 0, pending: 0 };

  constructor(
    private readonly relay: OutboxRelay,
    private readonly dispatcher: EventDispatcher,
    private readonly orm: MikroORM,
    @Inject(BESIDE_THE_APP) private readonly besideTheApp: BesideTheApp,
  ) {}

  /** Relays and waits until no outbox row is pending and no consumer is running. */
  async settle(): Promise<void> {
    if (this.besideTheApp) return this.handedToTheApp();
    for (;;) {
      await this.relay.drain();
      await this.dispatcher.settled(); // consumers may have recorded new events
      await this.relay.flushed();
      if ((await this.pendingOutboxRows()) === 0 && this.dispatcher.progress.running === 0) return;
    }
  }

  /** Consumer runs so far and how many of them have finished (in memory: no query on a busy database). */
  get handled(): { called: number; finished: number } {
    if (this.besideTheApp)
      return { called: this.awaited.total, finished: this.awaited.total - this.awaited.pending };
    const { started, running } = this.dispatcher.progress;
    return { called: started, finished: started - running };
  }

  private async handedToTheApp(): Promise<void> {
    const [last] = await this.query<{ seq: string | number | null }>(
      'select max(seq) as seq from outbox_message',
    );
    if (last?.seq === null || last?.seq === undefined) return;
    for (;;) {
      const [row] = await this.query<{ n: string | number }>(
        'select count(*) as n from outbox_message where published_at is null and seq <= ?',
        [last.seq],
      );
      const pending = Number(row?.n ?? 0);
      this.awaited = { total: Math.max(this.awaited.total, pending), pending };
      if (pending === 0) return;
      // On PGlite a stopped app takes its socket, and this connection, with it; on PostgreSQL it is asked.
      if (this.besideTheApp === 'postgres' && !(await this.appConnected())) {
        this.logger.warn(
          `the app stopped before it relayed ${pending} of this command's events: it relays them when it starts again`,
        );
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, APP_POLL_MS));
    }
  }

  private async appConnected(): Promise<boolean> {
    const [row] = await this.query<{ connected: boolean }>(APP_SESSIONS_SQL);
    return row?.connected === true;
  }

  private async pendingOutboxRows(): Promise<number> {
    // Rows another process claimed (and has not finished or died with) are not this command's to wait for.
    const rows = await this.query<{ n: number | string }>(
      'select count(*) as n from outbox_message where published_at is null and (claimed_until is null or claimed_until < now())',
    );
    return Number(rows[0]?.n ?? 0);
  }

  private query<Row>(sql: string, values: unknown[] = []): Promise<Row[]> {
    return (this.orm.em.fork() as SqlEntityManager).getConnection().execute(sql, values) as Promise<Row[]>;
  }
}
