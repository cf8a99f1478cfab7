import 'reflect-metadata';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { DestinationStream } from 'pino';
import { AppConfig } from '../../libs/config/app-config.js';
import { createGatewayApp } from '../../apps/gateway/create-gateway-app.js';
import { ApiClient } from './api-client.js';
import { MailCatcher, verificationLinkIn } from './mail-catcher.js';
import { createTestDatabase } from './test-database.js';

export const REPO_ROOT = resolve(import.meta.dirname, '../..');
export const SHARED_MODELS_DIR = resolve(REPO_ROOT, '../shared/models');
export const TEST_MODEL = 'local/wordnet-wordpiece-static-256';

export interface TestApp {
  app: NestExpressApplication;
  baseUrl: string;
  config: AppConfig;
  mail: MailCatcher;
  client(): ApiClient;
  /** Registers, follows the mailed link, signs in; returns a signed-in client. */
  signUp(options?: Partial<{ name: string; email: string; password: string; code: string; verify: boolean }>): Promise<{
    client: ApiClient;
    id: string;
    email: string;
    password: string;
  }>;
  close(): Promise<void>;
}

let counter = 0;

/**
 * The real gateway (embedded matcher included) on a random port, with a fresh database (PGlite, or
 * PostgreSQL when DATABASE_URL is set), a real SMTP catcher, and the small test model of ../shared/models.
 */
export async function startTestApp(
  env: Record<string, string> = {},
  options: { logStream?: DestinationStream } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'fated-test-'));
  const database = await createTestDatabase();
  const mail = await MailCatcher.start();
  const config = AppConfig.fromEnvironment({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PORT: '0',
    SMTP_URL: mail.url,
    MODELS_DIR: SHARED_MODELS_DIR,
    EMBEDDING_MODEL: TEST_MODEL,
    AUTH_RATE_LIMIT: '10000',
    AUTH_EMAIL_RATE_LIMIT: '10000',
    LOG_LEVEL: 'warn',
    TZ: process.env.TZ ?? 'UTC',
    ...(database.url ? { DATABASE_URL: database.url } : {}),
    ...env,
  });
  const app = await createGatewayApp(config, options);
  await app.listen(0, '127.0.0.1');
  const port = (app.getHttpServer().address() as AddressInfo).port;
  const baseUrl = `http://127.0.0.1:${port}`;

  const testApp: TestApp = {
    app,
    baseUrl,
    config,
    mail,
    client: () => new ApiClient(`${baseUrl}/api`),
    async signUp(options = {}) {
      const n = ++counter;
      const email = options.email ?? `user${n}-${Date.now()}@example.com`;
      const password = options.password ?? 'correct horse battery';
      const client = testApp.client();
      const registered = await client.post('/register', {
        name: options.name ?? `User ${n}`,
        email,
        password,
        ...(options.code ? { code: options.code } : {}),
      });
      if (registered.status !== 201) throw new Error(`register failed: ${JSON.stringify(registered.body)}`);
      const id = registered.body.id as string;
      if (options.verify !== false) {
        await client.post('/register/verify', { id, name: 'x', email });
        const link = verificationLinkIn(await mail.waitFor(email));
        const verified = await client.post('/verification', { id: link.id, emailToken: link.token });
        if (verified.status !== 201) throw new Error(`verification failed: ${JSON.stringify(verified.body)}`);
      }
      const login = await client.post('/login', { email, password });
      if (login.status !== 200) throw new Error(`login failed: ${JSON.stringify(login.body)}`);
      client.accessToken = login.body.accessToken;
      return { client, id, email, password };
    },
    async close() {
      await app.close();
      await mail.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return testApp;
}
