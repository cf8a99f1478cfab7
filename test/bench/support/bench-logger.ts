import { ConsoleLogger } from '@nestjs/common';

/**
 * Prints warnings and errors like the app does, and keeps the debug lines of the contexts it is asked
 * to watch (the matching engine logs its phase timings at debug level).
 */
export class BenchLogger extends ConsoleLogger {
  readonly captured: string[] = [];

  constructor(private readonly watched: readonly string[]) {
    super('Bench', { logLevels: ['error', 'warn', 'log', 'debug'] });
  }

  override log(): void {}

  override debug(message: unknown, context?: string): void {
    if (context && this.watched.includes(context)) this.captured.push(`${context}: ${String(message)}`);
  }

  override verbose(): void {}
}
