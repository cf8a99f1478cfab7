import { Controller, Get, HttpStatus, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Public } from '../../../libs/shared/auth/public.decorator.js';
import { HealthRegistry } from '../../../libs/shared/health/health-registry.js';

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(private readonly health: HealthRegistry) {}

  /** Liveness (it answers) and readiness (status 'ok' only when the database and bus are up). */
  @Public()
  @Get()
  async report(@Res({ passthrough: true }) response: Response) {
    const report = await this.health.report();
    if (report.status !== 'ok') response.status(HttpStatus.SERVICE_UNAVAILABLE);
    return report;
  }
}
