import { Global, Module } from '@nestjs/common';
import { Metrics } from './metrics.js';

/** One Metrics per application; code elsewhere injects it as optional (the CLI runs without it). */
@Global()
@Module({ providers: [Metrics], exports: [Metrics] })
export class MetricsModule {}
