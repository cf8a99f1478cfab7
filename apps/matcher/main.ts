import '../../libs/config/thread-pool.js';
import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { AppConfig } from '../../libs/config/app-config.js';
import { logLevelsUpTo } from '../../libs/config/log-levels.js';
import { MatcherModule } from './matcher.module.js';


async function main(): Promise<void> {
  const config = AppConfig.fromEnvironment();
  const app = await NestFactory.createApplicationContext(MatcherModule.forRoot(config), {
    logger: logLevelsUpTo(config.logLevel),
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
