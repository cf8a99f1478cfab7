import type { IncomingMessage } from 'node:http';

/**
 * The route template that answered (`/api/connections/:id/messages`), never the raw path: metrics and log
 * lines stay bounded whatever ids or junk clients send. `unmatched` when no route took the request.
 */
export function routeOf(req: IncomingMessage): string {
  const route = (req as IncomingMessage & { route?: { path?: unknown } }).route?.path;
  // Nest answers an unknown path through its catch-all route (`*path`): that is no route of ours.
  return typeof route === 'string' && route.startsWith('/') ? route : 'unmatched';
}
