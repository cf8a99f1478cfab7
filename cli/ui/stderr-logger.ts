import { ConsoleLogger, type LogLevel } from '@nestjs/common';

/**
 * Nest's console logger with every level on stderr: stdout is the command's output, which scripts read
 * (`--json` is parsed), so a warning must never land in it.
 */
export class StderrLogger extends ConsoleLogger {
  protected override printMessages(
    messages: unknown[],
    context?: string,
    logLevel?: LogLevel,
    _writeStreamType?: 'stdout' | 'stderr',
    errorStack?: unknown,
    params?: Record<string, unknown>,
  ): void {
    super.printMessages(messages, context, logLevel, 'stderr', errorStack, params);
  }
}
