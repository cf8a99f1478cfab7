import { createRequire } from 'node:module';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { DynamicModule } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import type { DestinationStream, Level, LoggerOptions } from 'pino';
import type { Options } from 'pino-http';
import type { AppConfig } from '../../config/app-config.js';
import { RequestContext } from './request-context.js';
import { routeOf } from './route-of.js';

const PINO_LEVEL: Record<AppConfig['logLevel'], Level> = {
  error: 'error',
  warn: 'warn',
  log: 'info',
  debug: 'debug',
  verbose: 'trace',
};

/** Requests a scraper or an orchestrator repeats every few seconds: counted in metrics, not logged. */
const QUIET_PATHS = new Set(['/api/metrics', '/api/health/live', '/api/health/ready']);

/**
 * Whatever a line carries, these never reach the log (the request line is built field by field and holds
 * none of them; this covers objects code hands to the logger).
 */
const REDACTED = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
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

interface LoggedRequest extends IncomingMessage {
  originalUrl?: string;
  user?: { id?: string };
}

/**
 * The process's logger (nestjs-pino): JSON lines, pretty in development when pino-pretty is installed.
 * Nest's Logger calls everywhere go through it; inside a request (or a consumer handling an event a request
 * caused) each line carries `requestId`. With `http`, one line per answered /api request: request id,
 * method, route template, status, duration and user id, and nothing a member typed.
 */
export function loggerModule(config: AppConfig, options: { stream?: DestinationStream } = {}): DynamicModule {
  const pino: Options<LoggedRequest, ServerResponse> & LoggerOptions = {
    level: PINO_LEVEL[config.logLevel],
    redact: { paths: REDACTED, censor: '[redacted]' },
    mixin: () => {
      const requestId = RequestContext.requestId();
      return requestId ? { requestId } : {};
    },
    // The request id middleware (gateway) named the request already; this only covers a request it missed.
    genReqId: (req, res) => {
      const id = RequestContext.idFrom(req.headers['x-request-id']);
      res.setHeader('X-Request-Id', id);
      return id;
    },
    serializers: {
      req: (req: { method?: string; url?: string }) => ({ method: req.method, path: pathOnly(req.url) }),
    },
    quietResLogger: true,
    autoLogging: { ignore: (req) => QUIET_PATHS.has(pathOnly(req.originalUrl ?? req.url)) },
    customSuccessMessage: () => 'request completed',
    customErrorMessage: () => 'request failed',
    customSuccessObject: (req, res, value) => requestLine(req, res, value),
    customErrorObject: (req, res, _error, value) => requestLine(req, res, value),
    ...(!options.stream && config.env === 'development' && prettyTarget()
      ? {
          transport: {
            target: prettyTarget()!,
            options: { singleLine: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' },
          },
        }
      : {}),
  };
  return LoggerModule.forRoot({
    // Every route: the SPA's files are answered before Nest sees a request, so only the API is logged.
    pinoHttp: options.stream ? [pino, options.stream] : pino,
  } as Parameters<typeof LoggerModule.forRoot>[0]);
}

function requestLine(req: LoggedRequest, res: ServerResponse, value: object): object {
  return {
    requestId: req.id,
    method: req.method,
    route: routeOf(req),
    status: res.statusCode,
    durationMs: (value as { responseTime?: number }).responseTime,
    ...(req.user?.id ? { userId: req.user.id } : {}),
  };
}

function pathOnly(url: string | undefined): string {
  return (url ?? '').split('?')[0] ?? '';
}

/** pino-pretty's file, resolved here (pino would look beside its caller); undefined where it is not installed. */
function prettyTarget(): string | undefined {
  try {
    return createRequire(import.meta.url).resolve('pino-pretty');
  } catch {
    return undefined;
  }
}
