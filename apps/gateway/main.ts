import '../../libs/config/thread-pool.js';
import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { AppConfig } from '../../libs/config/app-config.js';
import { reportFatalStart } from '../../libs/shared/observability/logging.js';
import { createGatewayApp } from './create-gateway-app.js';

async function main(): Promise<void> {
  const config = AppConfig.fromEnvironment();
  const app = await createGatewayApp(config);
  await app.listen(config.port);
  const mode = config.distributed ? 'gateway (distributed)' : 'gateway + matcher (embedded)';
  new Logger('Fated').log(`${mode} listening on ${config.publicUrl} (port ${config.port})`);
}

main().catch((error: Error) => {
  reportFatalStart(error);
  process.exit(1);
});
