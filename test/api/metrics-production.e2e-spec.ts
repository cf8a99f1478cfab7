import { startTestApp, type TestApp } from '../support/test-app.js';

const PRODUCTION = {
  NODE_ENV: 'production',
  JWT_ACCESS_SECRET: 'production-test-access-secret-0123456789abcdef',
  JWT_REFRESH_SECRET: 'production-test-refresh-secret-0123456789abcdef',
};
const TOKEN = 'scrape-token-0123456789abcdef';

/** NODE_ENV=production: /api/metrics only with the bearer METRICS_TOKEN, not even from the machine itself. */
describe('metrics in production', () => {
  describe('with METRICS_TOKEN', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp({ ...PRODUCTION, METRICS_TOKEN: TOKEN });
    });
    afterAll(() => t.close());

    it('refuses a scrape without the token, or with another one', async () => {
      const bare = await fetch(`${t.baseUrl}/api/metrics`);
      expect(bare.status).toBe(401);
      expect(bare.headers.get('www-authenticate')).toMatch(/^Bearer/);
      expect(await bare.text()).not.toContain('fated_');
      const wrong = await fetch(`${t.baseUrl}/api/metrics`, {
        headers: { authorization: `Bearer ${TOKEN}0` },
      });
      expect(wrong.status).toBe(401);
    });

    it('serves it with the token, whatever the letter case of the scheme', async () => {
      for (const scheme of ['Bearer', 'bearer', 'BEARER']) {
        const scrape = await fetch(`${t.baseUrl}/api/metrics`, {
          headers: { authorization: `${scheme} ${TOKEN}` },
        });
        expect(scrape.status).toBe(200);
        expect(await scrape.text()).toMatch(/^fated_http_request_duration_seconds_bucket\{/m);
      }
    });
  });

  describe('without METRICS_TOKEN', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(PRODUCTION);
    });
    afterAll(() => t.close());

    it('has no metrics endpoint at all', async () => {
      const response = await t.client().get('/metrics');
      expect(response.status).toBe(404);
      expect(response.body).toEqual({
        statusCode: 404,
        error: 'Not Found',
        message: 'Cannot GET /api/metrics',
      });
    });
  });
});
