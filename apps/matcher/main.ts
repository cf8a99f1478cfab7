import '../../libs/config/thread-pool.js';
import 'reflect-metadata';
import { Logger, type LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { AppConfig } from '../../libs/config/app-config.js';
import { MatcherModule } from './matcher.module.js';

const LEVELS: LogLevel[] = ['error', 'warn', 'log', 'debug', 'verbose'];

async function main(): Promise<void> {
  const config = AppConfig.fromEnvironment();
  const app = await NestFactory.createApplicationContext(MatcherModule.forRoot(config), {
    logger: LEVELS.slice(0, LEVELS.indexOf(config.logLevel) + 1),
  });
  app.enableShutdownHooks();
  await app.init();
  const logger = new Logger('Fated');
  logger.log(`matcher running (daily matching "${config.matchCron}" in ${config.timeZone})`);
  if (!config.distributed) {
    // Without Kafka only this process's own events reach it; the embedded gateway hosts the matcher anyway.
    logger.warn('KAFKA_BROKERS is not set: this matcher sees no events from the gateway');
  }
}

main().catch((error: Error) => {
  console.error(error.message.startsWith('Invalid configuration') ? error.message : error);
  process.exit(1);
});
