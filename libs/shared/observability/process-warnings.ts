import { Logger } from '@nestjs/common';

/**
 * Node's process warnings as the process's log lines (JSON in production), not bare text on stderr beside
 * them. kafkajs on Node 24 sets timers with negative delays, which Node runs after 1 ms as kafkajs meant
 * and reports each time (TimeoutNegativeWarning, a known kafkajs issue): those are debug lines.
 */
export function logProcessWarnings(): void {
  const logger = new Logger('Process');
  process.removeAllListeners('warning');
  process.on('warning', (warning) => {
    const line = `${warning.name}: ${warning.message}`;
    if (warning.name === 'TimeoutNegativeWarning') logger.debug(line);
    else logger.warn(line);
  });
}
