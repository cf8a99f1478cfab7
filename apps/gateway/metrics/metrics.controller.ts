import { Controller, Get, HttpException, HttpStatus, NotFoundException, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { AppConfig } from '../../../libs/config/app-config.js';
import { Public } from '../../../libs/shared/auth/public.decorator.js';
import { Metrics } from '../../../libs/shared/observability/metrics.js';
import { metricsAccess } from '../../../libs/shared/observability/metrics-access.js';

/** GET /api/metrics: Prometheus text format, for whom metricsAccess lets in. */
@ApiExcludeController()
@Controller('metrics')
export class MetricsController {
  constructor(
    private readonly metrics: Metrics,
    private readonly config: AppConfig,
  ) {}

  @Public()
  @Get()
  async scrape(@Req() request: Request, @Res() response: Response): Promise<void> {
    const access = metricsAccess(this.config, request.headers.authorization, request.socket.remoteAddress);
    if (access === 'hidden') throw new NotFoundException(`Cannot GET ${request.path}`);
    if (access === 'unauthorized') {
      response.setHeader('WWW-Authenticate', 'Bearer realm="metrics"');
      throw new HttpException('METRICS_TOKEN required', HttpStatus.UNAUTHORIZED);
    }
    const { contentType, body } = await this.metrics.exposition();
    response.setHeader('Content-Type', contentType);
    response.setHeader('Cache-Control', 'no-store');
    response.send(body);
  }
}
