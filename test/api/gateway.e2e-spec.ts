import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { WEB_DIST } from '../../apps/gateway/create-gateway-app.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

describe('gateway HTTP surface', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ PUBLIC_URL: 'https://fated.example' });
  });
  afterAll(() => t.close());

  it('reports liveness and readiness with the database and bus', async () => {
    const health = await t.client().get('/health');
    expect(health.status).toBe(200);
    expect(health.body.status).toBe('ok');
    expect(health.body.components.database.status).toBe('up');
    expect(health.body.components.bus.status).toBe('up');
  });

  it('serves OpenAPI docs', async () => {
    const docs = await fetch(`${t.baseUrl}/api/docs`);
    expect(docs.status).toBe(200);
    const spec = await fetch(`${t.baseUrl}/api/docs-json`);
    const document = (await spec.json()) as { paths: Record<string, unknown> };
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/login', '/api/register', '/api/refresh']),
    );
  });

  it('answers unknown API paths with a JSON 404, never the SPA', async () => {
    const response = await t.client().get('/nope');
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ statusCode: 404 });
  });

  it('sets security headers and allows CORS only for PUBLIC_URL', async () => {
    const allowed = await fetch(`${t.baseUrl}/api/health`, { headers: { origin: 'https://fated.example' } });
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://fated.example');
    expect(allowed.headers.get('access-control-allow-credentials')).toBe('true');
    const foreign = await fetch(`${t.baseUrl}/api/health`, { headers: { origin: 'https://evil.example' } });
    expect(foreign.headers.get('access-control-allow-origin')).not.toBe('https://evil.example');
    expect(allowed.headers.get('x-content-type-options')).toBe('nosniff');
    expect(allowed.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(allowed.headers.get('x-powered-by')).toBeNull();
    // A member's data is never kept by a browser or a proxy: every API answer says so, errors too.
    const { client, id } = await t.signUp();
    expect((await client.get(`/user/getProfile/${id}`)).headers.get('cache-control')).toBe('no-store');
    expect((await fetch(`${t.baseUrl}/api/no-such-route`)).headers.get('cache-control')).toBe('no-store');
  });

  it('marks the refresh cookie httpOnly, SameSite=Strict and Secure on https', async () => {
    const { email, password } = await t.signUp();
    const response = await fetch(`${t.baseUrl}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    const cookie = response.headers.getSetCookie().find((value) => value.startsWith('fated_refresh='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(cookie).toMatch(/Secure/i);
    expect(cookie).toMatch(/Path=\/api/i);
    const body = (await response.json()) as Record<string, unknown>;
    expect(JSON.stringify(body)).not.toMatch(/password|hash|refresh/i);
  });

  const spaBuilt = existsSync(join(WEB_DIST, 'index.html'));
  (spaBuilt ? it : it.skip)('serves the SPA with history fallback', async () => {
    for (const path of ['/', '/signin', '/verifyEmail/abc/def', '/no/such/page']) {
      const response = await fetch(`${t.baseUrl}${path}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/html');
      expect(await response.text()).toContain('<div id="root">');
    }
  });
});
