import { Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { EventDispatcher } from '../../libs/messaging/event-dispatcher.js';
import { OutboxRelay } from '../../libs/messaging/outbox-relay.js';

/**
 * Lets a CLI command finish only once what it set in motion has finished: every outbox row relayed and
 * every consumer it triggered in this process settled. Closing the database right after the last command
 * would cut consumers off mid-transaction (their event already marked as published).
 */
@Injectable()
export class EventSettler {
  constructor(
    private readonly relay: OutboxRelay,
    private readonly dispatcher: EventDispatcher,
    private readonly orm: MikroORM,
  ) {}

  /** Relays and waits until no outbox row is pending and no consumer is running. */
  async settle(): Promise<void> {
    for (;;) {
      await this.relay.drain();
      await this.dispatcher.settled(); // consumers may have recorded new events
      await this.relay.flushed();
      if ((await this.pendingOutboxRows()) === 0 && this.dispatcher.progress.running === 0) return;
    }
  }

  /** Consumer runs so far and how many of them have finished (in memory: no query on a busy database). */
  get handled(): { called: number; finished: number } {
    const { started, running } = this.dispatcher.progress;
    return { called: started, finished: started - running };
  }

  private async pendingOutboxRows(): Promise<number> {
    const rows: { n: number | string }[] = await (this.orm.em.fork() as SqlEntityManager)
      .getConnection()
      // Rows another process claimed (and has not finished or died with) are not this command's to wait for.
      .execute(
        'select count(*) as n from outbox_message where published_at is null and (claimed_until is null or claimed_until < now())',
      );
    return Number(rows[0]?.n ?? 0);
  }
}
