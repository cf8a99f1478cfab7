import { Controller, Get, HttpStatus, Res, ServiceUnavailableException } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  HealthCheckService,
  HealthIndicatorService,
  type HealthIndicatorFunction,
  type HealthIndicatorResult,
} from '@nestjs/terminus';
import type { Response } from 'express';
import { MigrationsHealth } from '../../../libs/persistence/migrations-health.js';
import { Public } from '../../../libs/shared/auth/public.decorator.js';
import { HealthRegistry, type HealthCheck } from '../../../libs/shared/health/health-registry.js';

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthRegistry,
    private readonly terminus: HealthCheckService,
    private readonly indicators: HealthIndicatorService,
    private readonly migrations: MigrationsHealth,
  ) {}

  /** Every component's state (status 'ok' only when the database and bus are up); 503 otherwise. */
  @Public()
  @Get()
  async report(@Res({ passthrough: true }) response: Response) {
    const report = await this.health.report();
    if (report.status !== 'ok') response.status(HttpStatus.SERVICE_UNAVAILABLE);
    return report;
  }

  /** Liveness: the process answers. Nothing else is asked, so a slow database never gets it restarted. */
  @Public()
  @Get('live')
  live() {
    return { status: 'ok' };
  }

  /**
   * Readiness: the database answers, the bus (or Kafka) is connected and every migration is applied; 503
   * otherwise. Extras (the embedding model, the outbox, dead letters, the daily run) show as `degraded`
   * and never make it unready: matching works without them.
   */
  @Public()
  @Get('ready')
  async ready(@Res({ passthrough: true }) response: Response) {
    const checks: HealthIndicatorFunction[] = [
      ...this.health.registered.map((check) => () => this.indicator(check)),
      () =>
        this.indicator({
          name: 'migrations',
          critical: true,
          check: async () => {
            const pending = await this.migrations.pending();
            return pending === 0
              ? { status: 'up', detail: 'applied' }
              : { status: 'down', detail: `${pending} pending` };
          },
        }),
    ];
    try {
      return await this.terminus.check(checks);
    } catch (error) {
      if (!(error instanceof ServiceUnavailableException)) throw error;
      response.status(HttpStatus.SERVICE_UNAVAILABLE);
      return error.getResponse();
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
