import { Injectable, Optional, type OnModuleInit } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import { Metrics } from '../../shared/observability/metrics.js';
import { DailyMatchRunRepository } from './daily-match-run.repository.js';

/**
 * Feeds the daily run's last-success gauge from the shared table when Prometheus scrapes: whichever process ran
 * the day (the schedule's, a matcher's, `fated match run`), every process reports it, and a restart forgets nothing.
 */
@Injectable()
export class DailyRunMetrics implements OnModuleInit {
  constructor(
    private readonly orm: MikroORM,
    private readonly runs: DailyMatchRunRepository,
    @Optional() private readonly metrics?: Metrics,
  ) {}

  onModuleInit(): void {
    this.metrics?.probeDailyRun(() => this.runs.lastSuccess(this.orm.em.fork()));
  }
}
