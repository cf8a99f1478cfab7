import { Injectable, Optional, type OnModuleInit } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import { Metrics } from '../shared/observability/metrics.js';
import { DeadLetters } from './dead-letters.js';
import { Outbox } from './outbox.js';

/** Feeds the outbox and dead-letter gauges from the database when Prometheus scrapes. */
@Injectable()
export class MessagingMetrics implements OnModuleInit {
  constructor(
    private readonly orm: MikroORM,
    private readonly deadLetters: DeadLetters,
    private readonly outbox: Outbox,
    @Optional() private readonly metrics?: Metrics,
  ) {}

  onModuleInit(): void {
    this.metrics?.probeOutbox(async () => {
      const { pending, oldest } = await this.outbox.backlog(this.orm.em.fork());
      return {
        pending,
        oldestAgeSeconds: oldest === null ? 0 : Math.max(0, (Date.now() - oldest.getTime()) / 1000),
      };
    });
    this.metrics?.probeDeadLetters(() => this.deadLetters.count());
  }
}
