import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import { Metrics } from './metrics.js';
import { RequestContext } from './request-context.js';
import { routeOf } from './route-of.js';

/**
 * Routes a scraper or an orchestrator asks every few seconds: counted in metrics, not logged. Known by their
 * route, so every spelling Express routes to them (a trailing slash, the letter case after `/api`) is quiet too.
 */
const QUIET_ROUTES = new Set(['/api/metrics', '/api/health', '/api/health/live', '/api/health/ready']);

type NamedRequest = Request & { id?: string; user?: { id?: string } };

const CLIENT_CLOSED_REQUEST = 499;

/**
 * First on every /api request: names it (the client's X-Request-Id when well-formed, else a fresh one,
 * returned in the answer), and once the answer is done records it in fated_http_request_duration_seconds
 * and writes its one log line: request id, method, route template, status, duration and user id, nothing
 * a member typed. Built here rather than with a logging middleware: this is all of the per-request work.
 */
export function httpObservability(metrics: Metrics, logger: Logger) {
  return (request: NamedRequest, response: Response, next: NextFunction): void => {
    const started = performance.now();
    const id = RequestContext.idFrom(request.headers['x-request-id']);
    request.id = id;
    response.setHeader('X-Request-Id', id);
    response.once('close', () => {
      const seconds = Metrics.secondsSince(started);
      const route = routeOf(request, response);
      // Closed before its answer was sent: the client hung up (nginx's 499), whatever status was set by then.
      const status = response.writableFinished ? response.statusCode : CLIENT_CLOSED_REQUEST;
      if (metrics.recording) {
        metrics.httpRequestDuration.observe(
          { method: request.method, route, status: `${Math.floor(status / 100)}xx` },
          seconds,
        );
      }
      const level = status >= 500 ? 'error' : 'info';
      if (!logger.isLevelEnabled(level) || QUIET_ROUTES.has(route)) return;
      logger[level](
        {
          requestId: id,
          method: request.method,
          route,
          status,
          durationMs: Math.round(seconds * 1e4) / 10,
          ...(request.user?.id ? { userId: request.user.id } : {}),
        },
        status >= 500
          ? 'request failed'
          : status === CLIENT_CLOSED_REQUEST
            ? 'client closed the request'
            : 'request completed',
      );
    });
    next();
  };
}

/**
 * Keeps the request's id for everything its handler does (log lines, the events it records). After the body
 * is read: a stream's events would run outside a context entered before.
 */
export function requestContext(request: NamedRequest, _response: Response, next: NextFunction): void {
  RequestContext.run(request.id, next);
}
