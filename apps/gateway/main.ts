import '../../libs/config/thread-pool.js';
import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { AppConfig } from '../../libs/config/app-config.js';
import { waitForCliOnFolder } from '../../libs/persistence/pglite-in-use.js';
import { AppLogger, createLogger, reportFatalStart } from '../../libs/shared/observability/logging.js';
import { logProcessWarnings } from '../../libs/shared/observability/process-warnings.js';
import { StartupError } from '../../libs/shared/startup-error.js';
import { createGatewayApp } from './create-gateway-app.js';

/** How long a start waits for a CLI command that has the embedded database (a seed may take minutes). */
const CLI_WAIT_MS = 10 * 60_000;

async function main(): Promise<void> {
  const config = AppConfig.fromEnvironment();
  // A CLI command started a moment before the app opened the folder itself: the app waits for it.
  if (config.database.kind === 'pglite')
    await waitForCliOnFolder(config.database.dir, {
      timeoutMs: CLI_WAIT_MS,
      // Before the app exists, in its format (JSON lines in production).
      waiting: (holder) =>
        new AppLogger(createLogger(config)).log(
          `waiting for ${holder.command} (pid ${holder.pid}) to finish with the embedded database`,
          'Fated',
        ),
    });
  const app = await createGatewayApp(config);
  logProcessWarnings();
  const logger = new Logger('Fated');
  if (config.env === 'production' && !process.env.PUBLIC_URL)
    logger.warn(`PUBLIC_URL is not set: links in mails and the allowed origin are ${config.publicUrl}`);
  try {
    await app.listen(config.port);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    await app.close().catch(() => undefined);
    throw new StartupError(`port ${config.port} is in use by another process: stop it, or set PORT`, {
      cause: error,
    });
  }
  const mode = config.distributed ? 'gateway (distributed)' : 'gateway + matcher (embedded)';
  logger.log(`${mode} listening on ${config.publicUrl} (port ${config.port})`);
}

main().catch((error: Error) => {
  reportFatalStart(error);
  process.exit(1);
});
