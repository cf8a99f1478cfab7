import { Injectable, ServiceUnavailableException } from '@nestjs/common';
import {
  HealthCheckService,
  HealthIndicatorService,
  type HealthCheckResult,
  type HealthIndicatorResult,
} from '@nestjs/terminus';
import { HealthRegistry, type HealthCheck } from './health-registry.js';

/**
 * Readiness, the same answer from every process (the gateway's `/api/health/ready`, a matcher's
 * `/health/ready`): every registered check, the readiness-only ones (migrations) included. A critical one
 * down makes it 503; an extra that is not up (the embedding model, the outbox, dead letters, the daily run)
 * shows as `degraded` with its own `state` and never makes it unready: matching works without them.
 */
@Injectable()
export class Readiness {
  constructor(
    private readonly health: HealthRegistry,
    private readonly terminus: HealthCheckService,
    private readonly indicators: HealthIndicatorService,
  ) {}

  async check(): Promise<{ ready: boolean; body: HealthCheckResult }> {
    try {
      const body = await this.terminus.check(
        this.health.registered.map((check) => () => this.indicator(check)),
      );
      return { ready: true, body };
    } catch (error) {
      if (!(error instanceof ServiceUnavailableException)) throw error;
      return { ready: false, body: error.getResponse() as HealthCheckResult };
    }
  }

  private async indicator(check: HealthCheck): Promise<HealthIndicatorResult> {
    const session = this.indicators.check(check.name);
    const { status, detail } = await this.health.run(check);
    const data: Record<string, string> = detail ? { detail } : {};
    if (status === 'up') return session.up(data);
    if (status === 'down' && check.critical) return session.down(data);
    return session.degraded({ ...data, state: status });
  }
}
