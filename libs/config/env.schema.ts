import { validateCronExpression } from 'cron';
import { isIP } from 'node:net';
import { z } from 'zod';
import { StartupError } from '../shared/startup-error.js';

const cron = z
  .string()
  .trim()
  .refine((value) => validateCronExpression(value).valid, {
    message: 'must be a cron expression with 5 or 6 fields, each in its range (e.g. 0 6 * * *)',
  });

/** An IANA time zone this runtime knows ("Europe/Berlin"): a day's matching is cut in it. */
const timeZone = z
  .string()
  .trim()
  .min(1)
  .refine(
    (value) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: value });
        return true;
      } catch {
        return false;
      }
    },
    { message: 'must be an IANA time zone such as UTC or Europe/Berlin' },
  );

/** A mail's sender: an address, alone or after a name ("Fated <hello@example.com>"). */
const mailbox = z
  .string()
  .trim()
  .regex(/^(?:[^<>]*<[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+)$/, {
    message: 'must be an email address, alone or as Name <address@example.com>',
  });

const urlWithScheme = (schemes: string[]) =>
  z
    .string()
    .trim()
    .refine(
      (value) => {
        try {
          return schemes.includes(new URL(value).protocol.replace(':', ''));
        } catch {
          return false;
        }
      },
      `must be a URL starting with ${schemes.map((s) => `${s}://`).join(' or ')}`,
    );

/** A whole number in a range, with one message an operator reads (not the library's own wording). */
const wholeNumber = (min: number, max?: number) => {
  const message = `must be a whole number ${max === undefined ? `of at least ${min}` : `from ${min} to ${max}`}`;
  const atLeast = z.coerce.number({ error: message }).int(message).min(min, message);
  return max === undefined ? atLeast : atLeast.max(max, message);
};

const PROXY_PRESETS = ['loopback', 'linklocal', 'uniquelocal'];
const isProxyAddress = (entry: string) => {
  if (PROXY_PRESETS.includes(entry)) return true;
  const [address = '', prefix, extra] = entry.split('/');
  if (extra !== undefined || !isIP(address)) return false;
  return (
    prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (isIP(address) === 4 ? 32 : 128))
  );
};

/**
 * Which proxies in front of the gateway are trusted to say who the client is (X-Forwarded-For): a number of
 * hops, or addresses/ranges (CIDR) and Express's presets. Unset: none, the socket's peer is the client.
 */
const trustProxy = z
  .string()
  .trim()
  .transform((value, context): number | string[] => {
    if (/^\d+$/.test(value) && Number(value) <= 32) return Number(value);
    const entries = value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    if (entries.length > 0 && entries.every(isProxyAddress)) return entries;
    context.addIssue({
      code: 'custom',
      message:
        'must be a number of hops (0–32) or addresses/CIDR ranges (or loopback, linklocal, uniquelocal)',
    });
    return z.NEVER;
  });

/** The environment of design.md, validated once at start-up. Unknown variables are ignored. */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: wholeNumber(0, 65535).default(3000),
  /** Defaults to http://localhost:$PORT (parseEnv fills it in once PORT is known). */
  PUBLIC_URL: urlWithScheme(['http', 'https'])
    .transform((value) => value.replace(/\/+$/, ''))
    .optional(),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: urlWithScheme(['postgres', 'postgresql']).optional(),
  KAFKA_BROKERS: z
    .string()
    .trim()
    .regex(/^[^,\s:]+:\d+(,[^,\s:]+:\d+)*$/, 'must be host:port[,host:port…]')
    .optional(),
  SMTP_URL: urlWithScheme(['smtp', 'smtps']).optional(),
  MAIL_FROM: mailbox.default('Fated <hello@fated.local>'),
  JWT_ACCESS_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  JWT_REFRESH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  MODELS_DIR: z.string().trim().min(1).optional(),
  EMBEDDING_MODEL: z.string().trim().min(1).default('Xenova/all-MiniLM-L6-v2'),
  MATCH_CRON: cron.default('0 6 * * *'),
  TZ: timeZone.default('UTC'),
  /** Requests per minute per IP on login, register and resend; lowered in the throttling test. */
  AUTH_RATE_LIMIT: wholeNumber(1).default(30),
  /** Attempts per 15 minutes for one email address on login and resend. */
  AUTH_EMAIL_RATE_LIMIT: wholeNumber(1).default(10),
  TRUST_PROXY: trustProxy.optional(),
  LOG_LEVEL: z.enum(['error', 'warn', 'log', 'debug', 'verbose']).default('log'),
  /** Bearer token for GET /api/metrics; with NODE_ENV=production the endpoint answers 404 without one. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** Where a matcher process serves its metrics (it has no HTTP API). */
  METRICS_PORT: wholeNumber(0, 65535).default(9464),
});

export type Env = z.infer<typeof envSchema> & { PUBLIC_URL: string };

/** Parses the environment; throws one readable error listing every bad or missing variable. */
export function parseEnv(source: NodeJS.ProcessEnv): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const result = envSchema.safeParse(cleaned);
  const problems = result.success
    ? []
    : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  if ((result.success ? result.data.NODE_ENV : cleaned.NODE_ENV) === 'production')
    problems.push(...missingInProduction(cleaned));
  if (!result.success || problems.length)
    throw new StartupError(`Invalid configuration:\n${problems.map((line) => `  ${line}`).join('\n')}`);
  return { ...result.data, PUBLIC_URL: result.data.PUBLIC_URL ?? `http://localhost:${result.data.PORT}` };
}

/** What production needs besides valid values, listed with the values' own problems. */
function missingInProduction(env: NodeJS.ProcessEnv): string[] {
  return [
    !env.JWT_ACCESS_SECRET || !env.JWT_REFRESH_SECRET
      ? 'JWT_ACCESS_SECRET and JWT_REFRESH_SECRET are required when NODE_ENV=production'
      : // One secret for both would let a refresh token pass where an access token is asked for.
        env.JWT_ACCESS_SECRET === env.JWT_REFRESH_SECRET
        ? 'JWT_ACCESS_SECRET and JWT_REFRESH_SECRET must differ'
        : undefined,
    // Without it mails (with their sign-in links) would be written to files on the server.
    !env.SMTP_URL ? 'SMTP_URL is required when NODE_ENV=production' : undefined,
  ].filter((line) => line !== undefined);
}
