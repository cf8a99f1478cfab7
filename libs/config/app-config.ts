import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseEnv, type Env } from './env.schema.js';

interface DevSecrets {
  jwtAccessSecret: string;
  jwtRefreshSecret: string;
}

/** Reads the dev secrets from DATA_DIR, creating them once so sessions survive restarts. */
function loadDevSecrets(dataDir: string): DevSecrets {
  const file = join(dataDir, 'dev-secrets.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as DevSecrets;
  const secrets: DevSecrets = {
    jwtAccessSecret: randomBytes(48).toString('base64url'),
    jwtRefreshSecret: randomBytes(48).toString('base64url'),
  };
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}

/** Typed, validated configuration. Built once per process from the environment. */
export class AppConfig {
  readonly env: Env['NODE_ENV'];
  readonly port: number;
  readonly publicUrl: string;
  readonly dataDir: string;
  readonly database: { kind: 'pglite'; dir: string } | { kind: 'postgres'; url: string };
  readonly kafkaBrokers: string[] | undefined;
  readonly smtpUrl: string | undefined;
  readonly mailFrom: string;
  readonly outboxDir: string;
  readonly jwt: { accessSecret: string; refreshSecret: string };
  readonly embeddings: { model: string; modelsDir: string | undefined };
  readonly matchCron: string;
  readonly timeZone: string;
  readonly rateLimits: { perIpPerMinute: number; perEmailPer15Minutes: number };
  /** Express's `trust proxy`: hops or trusted proxy addresses; false when the peer is the client. */
  readonly trustProxy: number | string[] | false;
  readonly logLevel: Env['LOG_LEVEL'];
  /** GET /api/metrics: its bearer token (required in production) and the matcher's own port. */
  readonly metrics: { token: string | undefined; port: number };

  constructor(env: Env) {
    this.env = env.NODE_ENV;
    this.port = env.PORT;
    this.publicUrl = env.PUBLIC_URL;
    this.dataDir = resolve(env.DATA_DIR);
    // Private to the app's user: the embedded database, generated secrets and mail files live here.
    mkdirSync(this.dataDir, { recursive: true, mode: 0o700 });
    chmodSync(this.dataDir, 0o700);
    this.database = env.DATABASE_URL
      ? { kind: 'postgres', url: env.DATABASE_URL }
      : { kind: 'pglite', dir: join(this.dataDir, 'pglite') };
    this.kafkaBrokers = env.KAFKA_BROKERS?.split(',');
    this.smtpUrl = env.SMTP_URL;
    this.mailFrom = env.MAIL_FROM;
    this.outboxDir = join(this.dataDir, 'outbox');
    const secrets =
      env.JWT_ACCESS_SECRET && env.JWT_REFRESH_SECRET
        ? { jwtAccessSecret: env.JWT_ACCESS_SECRET, jwtRefreshSecret: env.JWT_REFRESH_SECRET }
        : loadDevSecrets(this.dataDir);
    this.jwt = { accessSecret: secrets.jwtAccessSecret, refreshSecret: secrets.jwtRefreshSecret };
    this.embeddings = {
      model: env.EMBEDDING_MODEL,
      modelsDir: env.MODELS_DIR ? resolve(env.MODELS_DIR) : undefined,
    };
    this.matchCron = env.MATCH_CRON;
    this.timeZone = env.TZ;
    this.rateLimits = {
      perIpPerMinute: env.AUTH_RATE_LIMIT,
      perEmailPer15Minutes: env.AUTH_EMAIL_RATE_LIMIT,
    };
    this.trustProxy = env.TRUST_PROXY ?? false;
    this.logLevel = env.LOG_LEVEL;
    this.metrics = { token: env.METRICS_TOKEN, port: env.METRICS_PORT };
  }

  /** True when events leave the process through Kafka (the distributed deployment). */
  get distributed(): boolean {
    return this.kafkaBrokers !== undefined;
  }

  /** The database as logs and messages may name it: never a password. */
  get databaseLabel(): string {
    if (this.database.kind === 'pglite') return `PGlite in ${this.database.dir}`;
    const url = new URL(this.database.url);
    return `PostgreSQL ${url.host}${url.pathname}`;
  }

  get secureCookies(): boolean {
    return this.publicUrl.startsWith('https://');
  }

  static fromEnvironment(source: NodeJS.ProcessEnv = process.env): AppConfig {
    return new AppConfig(parseEnv(source));
  }
}
