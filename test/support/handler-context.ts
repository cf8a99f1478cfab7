import 'reflect-metadata';
import { createHash, randomUUID } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Module, type INestApplicationContext, type Provider } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { CommandBus, CqrsModule } from '@nestjs/cqrs';
import { MikroORM, type EntityName } from '@mikro-orm/core';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { AppConfig } from '../../libs/config/app-config.js';
import { ConfigModule } from '../../libs/config/config.module.js';
import { Outbox } from '../../libs/messaging/outbox.js';
import { OutboxMessage } from '../../libs/messaging/outbox-message.entity.js';
import { ormOptions } from '../../libs/persistence/orm-options.js';
import { PersistenceModule } from '../../libs/persistence/persistence.module.js';
import { HealthModule } from '../../libs/shared/health/health.module.js';
import { createTestDatabase } from './test-database.js';

/** An outbox row as a handler's transaction left it. */
export interface RecordedEvent {
  type: string;
  aggregate_id: string;
  payload: Record<string, unknown>;
}

export interface HandlerContext {
  app: INestApplicationContext;
  orm: MikroORM;
  commands: CommandBus;
  sql<T = Record<string, unknown>>(query: string, params?: unknown[]): Promise<T[]>;
  /** The outbox rows naming `aggregateId`, in the order they were written. */
  eventsOf(aggregateId: string): Promise<RecordedEvent[]>;
  /** An account row written directly (what sign-up would have left), for handlers of other contexts. */
  addAccount(
    account?: Partial<{
      name: string;
      email: string;
      passwordHash: string;
      verified: boolean;
      createdAt: Date;
    }>,
  ): Promise<string>;
  close(): Promise<void>;
}

/**
 * The smallest Nest context that runs command handlers for real: the migrated database (PGlite in a temporary
 * DATA_DIR, or a fresh PostgreSQL database when DATABASE_URL is set), the CQRS bus, the Outbox (without its
 * relay, so every recorded event stays in `outbox_message` to be checked), and the given entities and providers.
 */
export async function createHandlerContext(options: {
  entities: EntityName[];
  providers: Provider[];
}): Promise<HandlerContext> {
  const dataDir = mkdtempSync(join(tmpdir(), 'fated-handler-spec-'));
  const database = await createTestDatabase();
  const config = AppConfig.fromEnvironment({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'error',
    ...(database.url ? { DATABASE_URL: database.url } : {}),
  });
  if (config.database.kind === 'pglite')
    cpSync(await migratedPgliteTemplate(), config.database.dir, { recursive: true });

  @Module({
    imports: [
      ConfigModule.forRoot(config),
      // The database registers its health check there.
      HealthModule,
      PersistenceModule.forRoot(config),
      CqrsModule.forRoot(),
      MikroOrmModule.forFeature([OutboxMessage, ...options.entities]),
    ],
    providers: [Outbox, ...options.providers],
  })
  class HandlerSpecModule {}

  let app: INestApplicationContext;
  try {
    app = await NestFactory.createApplicationContext(HandlerSpecModule, {
      logger: ['error'],
      abortOnError: false,
    });
    await app.init();
  } catch (error) {
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const orm = app.get<MikroORM>(MikroORM);
  const sql = <T>(query: string, params: unknown[] = []) =>
    (orm.em.fork() as SqlEntityManager).getConnection().execute(query, params, 'all') as Promise<T[]>;

  return {
    app,
    orm,
    commands: app.get(CommandBus),
    sql,
    eventsOf: (aggregateId) =>
      sql<RecordedEvent>(
        `select type, aggregate_id, payload from outbox_message where aggregate_id = ? order by seq`,
        [aggregateId],
      ),
    async addAccount(account = {}) {
      const id = randomUUID();
      await sql(
        `insert into app_user (id, name, email, password_hash, email_verified_at, referral_code, created_at)
         values (?, ?, ?, ?, ?, ?, ?)`,
        [
          id,
          account.name ?? 'Avery',
          account.email ?? `${id}@example.com`,
          account.passwordHash ?? 'not-a-hash',
          account.verified === false ? null : new Date(),
          id.replaceAll('-', '').slice(0, 12).toUpperCase(),
          account.createdAt ?? new Date(),
        ],
      );
      return id;
    },
    async close() {
      await app.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const REPO_ROOT = resolve(import.meta.dirname, '../..');

/**
 * A closed PGlite cluster with every migration applied, shared by the spec files through the temporary folder
 * and copied into each one's DATA_DIR: creating a cluster costs about 7 s, opening a copy 0.3 s. Its name
 * carries a hash of the migrations and of the PGlite version, so a changed schema builds a new one. Workers
 * that build it at once each rename a finished cluster into place; the first wins, the others drop theirs.
 */
async function migratedPgliteTemplate(): Promise<string> {
  const template = join(tmpdir(), `fated-handler-spec-db-${templateKey()}`);
  if (existsSync(template)) return template;
  const building = mkdtempSync(join(tmpdir(), 'fated-handler-spec-db-build-'));
  try {
    const config = AppConfig.fromEnvironment({ NODE_ENV: 'test', DATA_DIR: building });
    if (config.database.kind !== 'pglite') throw new Error('the template is a PGlite cluster');
    const orm = await MikroORM.init({ ...ormOptions(config), entities: [OutboxMessage] });
    try {
      await orm.migrator.up();
    } finally {
      await orm.close();
    }
    try {
      renameSync(config.database.dir, template);
    } catch (error) {
      if (!existsSync(template)) throw error;
    }
  } finally {
    rmSync(building, { recursive: true, force: true });
  }
  return template;
}

function templateKey(): string {
  const hash = createHash('sha256');
  const migrations = join(REPO_ROOT, 'libs/persistence/migrations');
  for (const name of readdirSync(migrations).sort())
    hash.update(name).update(readFileSync(join(migrations, name)));
  hash.update(readFileSync(join(REPO_ROOT, 'node_modules/@electric-sql/pglite/package.json')));
  return hash.digest('hex').slice(0, 16);
}
