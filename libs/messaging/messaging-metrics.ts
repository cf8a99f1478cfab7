import { Injectable, Optional, type OnModuleInit } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import { Metrics } from '../shared/observability/metrics.js';
import { DeadLetters } from './dead-letters.js';
import { sql } from '../persistence/sql.js';

/** Feeds the outbox and dead-letter gauges from the database when Prometheus scrapes. */
@Injectable()
export class MessagingMetrics implements OnModuleInit {
  constructor(
    private readonly orm: MikroORM,
    private readonly deadLetters: DeadLetters,
    @Optional() private readonly metrics?: Metrics,
  ) {}

  onModuleInit(): void {
    this.metrics?.probeOutbox(async () => {
      // The partial index on unpublished rows keeps this cheap however long the table is.
      const [row] = await sql<{ n: number | string; oldest: Date | string | null }>(
        this.orm.em.fork(),
        `select count(*) as n, min(occurred_at) as oldest from outbox_message where published_at is null`,
      );
      const oldest = row?.oldest ? new Date(row.oldest).getTime() : undefined;
      return {
        pending: Number(row?.n ?? 0),
        oldestAgeSeconds: oldest === undefined ? 0 : Math.max(0, (Date.now() - oldest) / 1000),
      };
    });
    this.metrics?.probeDeadLetters(() => this.deadLetters.count());
  }
}
