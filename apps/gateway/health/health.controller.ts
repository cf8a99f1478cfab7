import { Controller, Get, HttpStatus, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Public } from '../../../libs/shared/auth/public.decorator.js';
import { HealthRegistry } from '../../../libs/shared/health/health-registry.js';
import { Readiness } from '../../../libs/shared/health/readiness.js';

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthRegistry,
    private readonly readiness: Readiness,
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

  /** Readiness (shared with the matchers): 503 while a critical component is down; extras show as degraded. */
  @Public()
  @Get('ready')
  async ready(@Res({ passthrough: true }) response: Response) {
    const { ready, body } = await this.readiness.check();
    if (!ready) response.status(HttpStatus.SERVICE_UNAVAILABLE);
    return body;
  }
}
