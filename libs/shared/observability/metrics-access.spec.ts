import { AppConfig } from '../../config/app-config.js';
import { metricsAccess } from './metrics-access.js';

const TOKEN = 'metrics-token-0123456789';

function config(env: Record<string, string>): AppConfig {
  return AppConfig.fromEnvironment({
    DATA_DIR: '/tmp/fated-metrics-access',
    JWT_ACCESS_SECRET: 'a'.repeat(32),
    JWT_REFRESH_SECRET: 'b'.repeat(32),
    SMTP_URL: 'smtp://localhost:2525',
    ...env,
  });
}

describe('who may read /api/metrics', () => {
  it('development: the machine itself, or the token from elsewhere', () => {
    const open = config({ NODE_ENV: 'development' });
    expect(metricsAccess(open, undefined, '127.0.0.1')).toBe('open');
    expect(metricsAccess(open, undefined, '::ffff:127.0.0.1')).toBe('open');
    expect(metricsAccess(open, undefined, '::1')).toBe('open');
    expect(metricsAccess(open, undefined, '10.0.0.7')).toBe('hidden');
    const withToken = config({ NODE_ENV: 'development', METRICS_TOKEN: TOKEN });
    expect(metricsAccess(withToken, `Bearer ${TOKEN}`, '10.0.0.7')).toBe('open');
    expect(metricsAccess(withToken, undefined, '10.0.0.7')).toBe('unauthorized');
  });

  it('production: only with the token; without one configured the endpoint does not exist', () => {
    expect(metricsAccess(config({ NODE_ENV: 'production' }), undefined, '127.0.0.1')).toBe('hidden');
    expect(metricsAccess(config({ NODE_ENV: 'production' }), 'Bearer anything', '127.0.0.1')).toBe('hidden');
    const production = config({ NODE_ENV: 'production', METRICS_TOKEN: TOKEN });
    expect(metricsAccess(production, undefined, '127.0.0.1')).toBe('unauthorized');
    expect(metricsAccess(production, `Bearer ${TOKEN}x`, '127.0.0.1')).toBe('unauthorized');
    expect(metricsAccess(production, `Basic ${TOKEN}`, '127.0.0.1')).toBe('unauthorized');
    expect(metricsAccess(production, `Bearer ${TOKEN}`, '203.0.113.9')).toBe('open');
  });

  it('a short token is refused at start', () => {
    expect(() => config({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN: must be at least 16 characters/);
  });
});
