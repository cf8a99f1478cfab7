import type { IncomingMessage, ServerResponse } from 'node:http';

/** The label of a request answered before routing because its body could not be taken (400, 413, 415). */
export const REFUSED_BODY = 'refused body';

/** Labels the request as one whose body was refused before any route saw it. */
export function markRefusedBody(response: ServerResponse & { locals?: Record<string, unknown> }): void {
  if (response.locals) response.locals.route = REFUSED_BODY;
}

/**
 * The route template that answered (`/api/connections/:id/messages`), never the raw path: metrics and log
 * lines stay bounded whatever ids or junk clients send. `refused body` when the body was answered before
 * routing, `unmatched` when no route took the request.
 */
export function routeOf(
  req: IncomingMessage,
  res?: ServerResponse & { locals?: Record<string, unknown> },
): string {
  const route = (req as IncomingMessage & { route?: { path?: unknown } }).route?.path;
  // Nest answers an unknown path through its catch-all route (`*path`): that is no route of ours.
  if (typeof route === 'string' && route.startsWith('/')) return route;
  return res?.locals?.route === REFUSED_BODY ? REFUSED_BODY : 'unmatched';
}
