import { createRequire } from 'node:module';
import type { LoggerService } from '@nestjs/common';
import { pino, type DestinationStream, type Level, type Logger } from 'pino';
import type { AppConfig } from '../../config/app-config.js';
import { RequestContext } from './request-context.js';
import { StartupError } from '../startup-error.js';

const PINO_LEVEL: Record<AppConfig['logLevel'], Level> = {
  error: 'error',
  warn: 'warn',
  log: 'info',
  debug: 'debug',
  verbose: 'trace',
};

/**
 * Whatever a line carries, these never reach the log (the request line is built field by field and holds
 * none of them; this covers objects code hands to the logger).
 */
const REDACTED = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.authorization',
  '*.cookie',
  '*.email',
  '*.password',
  '*.currentPassword',
  '*.newPassword',
  '*.token',
  '*.accessToken',
  '*.refreshToken',
  '*.emailToken',
  '*.text',
];

/**
 * The process's pino logger: JSON lines, pretty in development when pino-pretty is installed. Every line
 * written inside a request (or a consumer handling an event a request caused) carries its `requestId`.
 */
export function createLogger(config: AppConfig, stream?: DestinationStream): Logger {
  const pretty = !stream && config.env === 'development' ? prettyTarget() : undefined;
  const options = {
    level: PINO_LEVEL[config.logLevel],
    redact: { paths: REDACTED, censor: '[redacted]' },
    mixin: () => {
      const requestId = RequestContext.requestId();
      return requestId ? { requestId } : {};
    },
    ...(pretty
      ? {
          transport: {
            target: pretty,
            options: { singleLine: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' },
          },
        }
      : {}),
  };
  return stream ? pino(options, stream) : pino(options);
}

/**
 * Nest's LoggerService over pino: every `new Logger(context).log(…)` in the code base writes a pino line with
 * its `context`. Levels: log → info, verbose → trace.
 */
export class AppLogger implements LoggerService {
  constructor(readonly pino: Logger) {}

  log(message: unknown, ...rest: unknown[]): void {
    this.write('info', message, rest);
  }
  error(message: unknown, ...rest: unknown[]): void {
    this.write('error', message, rest);
  }
  warn(message: unknown, ...rest: unknown[]): void {
    this.write('warn', message, rest);
  }
  debug(message: unknown, ...rest: unknown[]): void {
    this.write('debug', message, rest);
  }
  verbose(message: unknown, ...rest: unknown[]): void {
    this.write('trace', message, rest);
  }
  fatal(message: unknown, ...rest: unknown[]): void {
    this.write('fatal', message, rest);
  }

  private write(level: Level, message: unknown, rest: unknown[]): void {
    if (!this.pino.isLevelEnabled(level)) return;
    const fields: Record<string, unknown> = {};
    const params = [...rest];
    // Nest appends the Logger's context last; an error's stack comes before it.
    const last = params.at(-1);
    if (typeof last === 'string' && !last.includes('\n')) fields.context = params.pop();
    const stack = params.find((param) => typeof param === 'string' && param.includes('\n'));
    if (stack) fields.stack = stack;
    if (message instanceof Error) {
      fields.err = message;
      this.pino[level](fields, message.message);
    } else if (typeof message === 'object' && message !== null) {
      this.pino[level]({ ...fields, ...(message as object) });
    } else {
      this.pino[level](fields, String(message));
    }
  }
}

/** pino-pretty's file, resolved here (pino would look beside its caller); undefined where it is not installed. */
function prettyTarget(): string | undefined {
  try {
    return createRequire(import.meta.url).resolve('pino-pretty');
  } catch {
    return undefined;
  }
}

/**
 * Why the process could not start, as its last line: in production one JSON line like every other (the
 * message first, then its cause's, then the stack unless it is a StartupError), in development the
 * readable text (a StartupError's message alone).
 */
export function reportFatalStart(
  error: Error,
  env: NodeJS.ProcessEnv = process.env,
  destination?: DestinationStream,
): void {
  const explained = error instanceof StartupError;
  if (env.NODE_ENV !== 'production') {
    console.error(explained ? error.message : error);
    return;
  }
  const cause = error.cause instanceof Error ? error.cause.message : undefined;
  const logger = pino({ base: { pid: process.pid } }, destination ?? pino.destination({ sync: true }));
  logger.fatal(
    { context: 'Start', ...(cause ? { cause } : {}), ...(explained ? {} : { stack: error.stack }) },
    error.message,
  );
}
