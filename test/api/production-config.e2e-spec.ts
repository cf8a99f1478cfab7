import { statSync } from 'node:fs';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** NODE_ENV=production: nothing a stranger can use to map or read the installation. */
describe('gateway in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({
      NODE_ENV: 'production',
      JWT_ACCESS_SECRET: 'production-test-access-secret-0123456789abcdef',
      JWT_REFRESH_SECRET: 'production-test-refresh-secret-0123456789abcdef',
      EMBEDDING_MODEL: 'local/no-such-model',
    });
  });
  afterAll(() => t.close());

  it('serves no API docs', async () => {
    expect((await fetch(`${t.baseUrl}/api/docs`)).status).toBe(404);
    expect((await fetch(`${t.baseUrl}/api/docs-json`)).status).toBe(404);
  });

  it('keeps DATA_DIR private to the app', () => {
    expect(statSync(t.config.dataDir).mode & 0o777).toBe(0o700);
  });

  it('reports health without paths or raw errors', async () => {
    const health = await t.client().get('/health');
    expect(health.body.components.embeddings).toEqual({
      status: 'degraded',
      detail:
        'embedding model local/no-such-model not found in MODELS_DIR; matching uses the quiz answers only',
    });
    expect(JSON.stringify(health.body)).not.toContain(t.config.dataDir);
    expect(JSON.stringify(health.body)).not.toMatch(/\/work|\/tmp|\/home/);
  });

  it('sends scripts only from its own origin (no inline script allowed)', async () => {
    const csp = (await fetch(`${t.baseUrl}/api/health`)).headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/script-src 'self'(;|$)/);
  });
});
