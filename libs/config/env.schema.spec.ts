import { parseEnv } from './env.schema.js';
import { StartupError } from '../shared/startup-error.js';

describe('parseEnv', () => {
  it('applies the defaults of design.md when nothing is set', () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.PUBLIC_URL).toBe('http://localhost:3000');
    expect(env.DATA_DIR).toBe('./data');
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.EMBEDDING_MODEL).toBe('Xenova/all-MiniLM-L6-v2');
    expect(env.MATCH_CRON).toBe('0 6 * * *');
    expect(env.TZ).toBe('UTC');
  });

  it('takes TRUST_PROXY as hops or trusted addresses, and refuses anything else', () => {
    expect(parseEnv({}).TRUST_PROXY).toBeUndefined();
    expect(parseEnv({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(parseEnv({ TRUST_PROXY: 'loopback, 10.0.0.0/8,2001:db8::/32' }).TRUST_PROXY).toEqual([
      'loopback',
      '10.0.0.0/8',
      '2001:db8::/32',
    ]);
    for (const bad of ['yes', '10.0.0.0/33', '999', 'proxy.example.com', '10.0.0.1/8/1'])
      expect(() => parseEnv({ TRUST_PROXY: bad })).toThrow(/TRUST_PROXY/);
  });

  it('refuses a time zone, a schedule or a sender that could never work, before anything starts', () => {
    expect(
      parseEnv({ TZ: 'Europe/Berlin', MATCH_CRON: '30 5 * * 1-5', MAIL_FROM: 'ops@example.com' }),
    ).toMatchObject({
      TZ: 'Europe/Berlin',
      MATCH_CRON: '30 5 * * 1-5',
      MAIL_FROM: 'ops@example.com',
    });
    expect(parseEnv({ MAIL_FROM: 'Fated Team <team@fated.example>' }).MAIL_FROM).toBe(
      'Fated Team <team@fated.example>',
    );
    expect(() => parseEnv({ TZ: 'Mars/Nowhere' })).toThrow(/TZ/);
    for (const bad of ['99 99 * * *', '* * *', 'daily'])
      expect(() => parseEnv({ MATCH_CRON: bad })).toThrow(/MATCH_CRON/);
    for (const bad of ['not an address', 'Fated <nobody>', 'a@b'])
      expect(() => parseEnv({ MAIL_FROM: bad })).toThrow(/MAIL_FROM/);
  });

  it('names every bad variable in one error', () => {
    expect(() => parseEnv({ PORT: 'abc', DATABASE_URL: 'mysql://x', KAFKA_BROKERS: 'nope' })).toThrow(
      /PORT[\s\S]*DATABASE_URL[\s\S]*KAFKA_BROKERS/,
    );
  });

  it('refuses production without real secrets', () => {
    expect(() => parseEnv({ NODE_ENV: 'production' })).toThrow(/JWT_ACCESS_SECRET and JWT_REFRESH_SECRET/);
    const production = {
      NODE_ENV: 'production',
      JWT_ACCESS_SECRET: 'a'.repeat(32),
      JWT_REFRESH_SECRET: 'r'.repeat(32),
    };
    expect(() => parseEnv(production)).toThrow(/SMTP_URL is required/);
    expect(parseEnv({ ...production, SMTP_URL: 'smtp://mail.example:587' }).NODE_ENV).toBe('production');
  });

  it('refuses one secret for both kinds of token in production, and says what a number must be', () => {
    const same = {
      NODE_ENV: 'production',
      JWT_ACCESS_SECRET: 'x'.repeat(32),
      JWT_REFRESH_SECRET: 'x'.repeat(32),
    };
    expect(() => parseEnv({ ...same, SMTP_URL: 'smtp://mail.example:587' })).toThrow(
      'JWT_ACCESS_SECRET and JWT_REFRESH_SECRET must differ',
    );
    expect(() => parseEnv({ AUTH_RATE_LIMIT: '-1' })).toThrow(
      'AUTH_RATE_LIMIT: must be a whole number of at least 1',
    );
    expect(() => parseEnv({ PORT: '1.5' })).toThrow('PORT: must be a whole number from 0 to 65535');
  });

  it('lists what production lacks with the bad values, in one error', () => {
    const failure = (() => {
      try {
        parseEnv({ NODE_ENV: 'production', PORT: 'abc', JWT_ACCESS_SECRET: 'short' });
      } catch (error) {
        return error as Error;
      }
    })();
    expect(failure).toBeInstanceOf(StartupError);
    expect(failure?.message.split('\n')).toEqual([
      'Invalid configuration:',
      '  PORT: must be a whole number from 0 to 65535',
      '  JWT_ACCESS_SECRET: must be at least 32 characters',
      '  JWT_ACCESS_SECRET and JWT_REFRESH_SECRET are required when NODE_ENV=production',
      '  SMTP_URL is required when NODE_ENV=production',
    ]);
  });

  it('points links at the port the app listens on when PUBLIC_URL is unset', () => {
    expect(parseEnv({ PORT: '8080' }).PUBLIC_URL).toBe('http://localhost:8080');
    expect(parseEnv({ PORT: '8080', PUBLIC_URL: 'https://fated.example' }).PUBLIC_URL).toBe(
      'https://fated.example',
    );
  });

  it('treats empty variables as unset and trims the trailing slash of PUBLIC_URL', () => {
    expect(parseEnv({ DATABASE_URL: '', PUBLIC_URL: 'https://fated.example/' }).PUBLIC_URL).toBe(
      'https://fated.example',
    );
  });
});
