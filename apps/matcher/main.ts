import '../../libs/config/thread-pool.js';
import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { AppConfig } from '../../libs/config/app-config.js';
import { reportFatalStart } from '../../libs/shared/observability/logging.js';
import { Readiness } from '../../libs/shared/health/readiness.js';
import { Metrics } from '../../libs/shared/observability/metrics.js';
import { AppLogger, createLogger } from '../../libs/shared/observability/logging.js';
import { logProcessWarnings } from '../../libs/shared/observability/process-warnings.js';
import { serveMatcherMetrics, stopServing } from './metrics-server.js';
import { MatcherModule } from './matcher.module.js';

async function main(): Promise<void> {
  const config = AppConfig.fromEnvironment();
  const app = await NestFactory.createApplicationContext(MatcherModule.forRoot(config), { bufferLogs: true });
  app.useLogger(new AppLogger(createLogger(config)));
  logProcessWarnings();
  app.enableShutdownHooks();
  await app.init();
  const logger = new Logger('Fated');
  logger.log(`matcher running (daily matching "${config.matchCron}" in ${config.timeZone})`);
  // Matching goes on without it: a port taken by another matcher on the same host costs its metrics only.
  await serveMatcherMetrics(config, app.get(Metrics), app.get(Readiness)).then(
    ({ server, port }) => {
      process.once('SIGTERM', () => stopServing(server));
      process.once('SIGINT', () => stopServing(server));
      logger.log(`metrics and health on port ${port} (/metrics, /health/live, /health/ready)`);
    },
    (error: Error) =>
      logger.warn(`metrics and health not served on port ${config.metrics.port}: ${error.message}`),
  );
  if (!config.distributed) {
    // Without Kafka only this process's own events reach it; the embedded gateway hosts the matcher anyway.
    logger.warn('KAFKA_BROKERS is not set: this matcher sees no events from the gateway');
  }
}

main().catch((error: Error) => {
  reportFatalStart(error);
  process.exit(1);
});
