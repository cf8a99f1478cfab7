import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AppConfig } from '../../libs/config/app-config.js';
import type { Readiness } from '../../libs/shared/health/readiness.js';
import type { Metrics } from '../../libs/shared/observability/metrics.js';
import { metricsAccess } from '../../libs/shared/observability/metrics-access.js';

/**
 * A matcher has no HTTP API, so it answers Prometheus and the orchestrator on METRICS_PORT itself:
 * `/metrics` (the gateway's rules: METRICS_TOKEN, or loopback outside production), `/health/live` and
 * `/health/ready` (the gateway's answer: database, bus or Kafka, migrations; 503 otherwise).
 */
export async function serveMatcherMetrics(
  config: AppConfig,
  metrics: Metrics,
  readiness: Readiness,
): Promise<{ server: Server; port: number }> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    const answer = (status: number, body: string, type = 'application/json') => {
      response.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store' });
      response.end(body);
    };
    void (async () => {
      if (request.method !== 'GET') return answer(405, JSON.stringify({ statusCode: 405 }));
      if (path === '/health/live') return answer(200, JSON.stringify({ status: 'ok' }));
      if (path === '/health/ready') {
        const { ready, body } = await readiness.check();
        return answer(ready ? 200 : 503, JSON.stringify(body));
      }
      if (path === '/metrics') {
        const access = metricsAccess(config, request.headers.authorization, request.socket.remoteAddress);
        if (access === 'open') {
          const { contentType, body } = await metrics.exposition();
          return answer(200, body, contentType);
        }
        if (access === 'unauthorized') return answer(401, JSON.stringify({ statusCode: 401 }));
      }
      answer(404, JSON.stringify({ statusCode: 404 }));
    })().catch(() => answer(500, JSON.stringify({ statusCode: 500 })));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.metrics.port, () => resolve());
  });
  return { server, port: (server.address() as AddressInfo).port };
}

/** Stops serving at once: a scrape cut short is retried, a connection left open would keep the process up. */
export function stopServing(server: Server): void {
  server.close();
  server.closeAllConnections();
}
