import type { NextFunction, Request, Response } from 'express';
import { Metrics } from './metrics.js';
import { RequestContext } from './request-context.js';
import { routeOf } from './route-of.js';

/** Times every /api request into fated_http_request_duration_seconds once its answer is done. */
export function httpMetrics(metrics: Metrics) {
  return (request: Request, response: Response, next: NextFunction): void => {
    const started = performance.now();
    response.once('close', () => {
      metrics.httpRequestDuration.observe(
        {
          method: request.method,
          route: routeOf(request),
          status: `${Math.floor(response.statusCode / 100)}xx`,
        },
        Metrics.secondsSince(started),
      );
    });
    next();
  };
}

/**
 * Names the request: the client's X-Request-Id when well-formed, else a fresh one, returned in the answer and
 * kept for everything the request does (log lines, the events it records). After the body is read: the
 * context then holds through the rest of the pipeline.
 */
export function requestIds(request: Request, response: Response, next: NextFunction): void {
  const id = RequestContext.idFrom(request.headers['x-request-id']);
  (request as Request & { id?: string }).id = id;
  response.setHeader('X-Request-Id', id);
  RequestContext.run(id, next);
}
