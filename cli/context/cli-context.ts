import 'reflect-metadata';
import { existsSync } from 'node:fs';
import { relative } from 'node:path';
import { NestFactory } from '@nestjs/core';
import pg from 'pg';
import type { INestApplicationContext, LoggerService, LogLevel } from '@nestjs/common';
import { AppConfig } from '../../libs/config/app-config.js';
import { logLevelsUpTo } from '../../libs/config/log-levels.js';
import { CliError, ExitCode } from '../ui/cli-error.js';
import { StderrLogger } from '../ui/stderr-logger.js';
import { StartupError } from '../../libs/shared/startup-error.js';
import { CliModule, type CliModuleOptions } from './cli.module.js';
import { EventSettler } from './event-settler.js';
import { findPgliteUser } from '../../libs/persistence/pglite-in-use.js';
import { APP_SESSIONS_SQL, type DatabaseAccess } from '../../libs/persistence/orm-options.js';
import { answers, pgliteSocketPath } from '../../libs/persistence/pglite-session-server.js';

/** How long the CLI waits for an app that holds the folder to start serving it (it is starting up). */
const APP_STARTING_MS = 20_000;

export interface CliContext {
  app: INestApplicationContext;
  config: AppConfig;
  /** Where the data lives, for messages: the PGlite folder or the PostgreSQL URL without its password. */
  database: string;
}

export interface OpenOptions extends CliModuleOptions {
  /** Environment to read instead of process.env (tests, the benchmark). */
  env?: NodeJS.ProcessEnv;
  /** Nest log level; the CLI shows warnings and errors unless --verbose. */
  logLevel?: LogLevel;
  /** A logger of one's own instead (the benchmark collects the engine's phase timings with one). */
  logger?: LoggerService;
}

/**
 * Boots the app's modules without HTTP, runs `work`, then lets the events it caused settle and closes
 * the database. Start-up problems become one-line CliErrors.
 */
export async function withCliContext<T>(
  options: OpenOptions,
  work: (context: CliContext) => Promise<T>,
): Promise<T> {
  const context = await openCliContext(options);
  let failed = false;
  try {
    return await work(context);
  } catch (error) {
    failed = true;
    throw error;
  } finally {
    await closeCliContext(context, { settle: !failed });
  }
}

export async function openCliContext(options: OpenOptions = {}): Promise<CliContext> {
  const config = loadConfig(options.env ?? process.env);
  const access =
    config.database.kind === 'pglite'
      ? await pgliteAccess(config)
      : await postgresAccess(config.database.url);
  const database = describeDatabase(config, access);
  const level = options.logLevel ?? 'warn';
  let app: INestApplicationContext;
  try {
    app = await NestFactory.createApplicationContext(CliModule.forRoot(config, { ...options, access }), {
      logger: options.logger ?? new StderrLogger({ logLevels: logLevelsUpTo(level) }),
      abortOnError: false,
    });
  } catch (error) {
    // A StartupError already names the database and what is wrong with it.
    const message =
      error instanceof StartupError
        ? error.message
        : `Could not open the database (${database}): ${firstLine(error)}`;
    throw new CliError(message, ExitCode.database);
  }
  return { app, config, database };
}

/**
 * Waits for relayed events and their handlers, then shuts down. After a failure the settling is best
 * effort (the database may be what failed) and its own errors give way to the original one.
 */
export async function closeCliContext(context: CliContext, options: { settle: boolean }): Promise<void> {
  try {
    const settling = context.app.get(EventSettler).settle();
    if (options.settle) await settling;
    else await settling.catch(() => undefined);
  } finally {
    // The relay stops in beforeApplicationShutdown, before the ORM closes its pool.
    await context.app.close();
  }
}

function loadConfig(env: NodeJS.ProcessEnv): AppConfig {
  try {
    return AppConfig.fromEnvironment(env);
  } catch (error) {
    // "Invalid configuration:\n  DATABASE_URL: …" → one line.
    throw new CliError((error as Error).message.replace(/:\n\s*/, ': ').replace(/\n\s*/g, '; '));
  }
}

/**
 * The embedded database: through the running app's socket when the app holds the folder (waiting a little
 * for an app that is starting), the folder itself when nothing holds it.
 */
async function pgliteAccess(config: AppConfig): Promise<DatabaseAccess> {
  if (config.database.kind !== 'pglite') return {};
  const socket = pgliteSocketPath(config.dataDir);
  const deadline = Date.now() + APP_STARTING_MS;
  for (;;) {
    if (existsSync(socket) && (await answers(socket))) return { pgliteSocketDir: config.dataDir };
    const user = findPgliteUser(config.database.dir);
    if (!user || user === 'unknown' || !isTheApp(user.command) || Date.now() > deadline) {
      assertPgliteFree(config.database.dir, user, socket);
      return {};
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * On PostgreSQL: whether the running app (a gateway or a matcher, by their sessions' `application_name`)
 * uses the same database, whose relay and consumers then take what this process records. A database the
 * CLI cannot reach is left to the ORM's start to report.
 */
async function postgresAccess(url: string): Promise<DatabaseAccess> {
  const access: DatabaseAccess = { sessionName: CLI_SESSION_NAME };
  const client = new pg.Client({
    connectionString: url,
    application_name: CLI_SESSION_NAME,
    connectionTimeoutMillis: 10_000,
  });
  try {
    await client.connect();
    const { rows } = await client.query<{ connected: boolean }>(APP_SESSIONS_SQL);
    return { ...access, appConnected: rows[0]?.connected === true };
  } catch {
    return access;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The CLI's own sessions' `application_name`, apart from the app's. */
const CLI_SESSION_NAME = 'fated-cli';

/** The app (`node dist/apps/gateway/main.js`) serves its socket once it has started; another CLI never does. */
function isTheApp(command: string | undefined): boolean {
  return command === undefined || command.includes('apps/gateway');
}

function assertPgliteFree(dir: string, user: ReturnType<typeof findPgliteUser>, socket: string): void {
  if (!user) return;
  const advice =
    'PGlite allows one process at a time; a running app (npm start) serves it to the CLI through the socket ' +
    `${shown(socket)}, which did not answer. Wait for the other process to finish, or ` +
    'run the app and the CLI against PostgreSQL with DATABASE_URL.';
  if (user === 'unknown') {
    throw new CliError(
      `The embedded database ${shown(dir)} is open in another process, or the last one stopped without closing it. ${advice} ` +
        `If nothing is running, delete ${shown(dir)}/postmaster.pid and try again.`,
      ExitCode.database,
    );
  }
  const who = `process ${user.pid}${user.command ? ` (${user.command})` : ''}`;
  throw new CliError(`The embedded database ${shown(dir)} is in use by ${who}. ${advice}`, ExitCode.database);
}

/** Relative to the working directory when inside it, absolute otherwise. */
function shown(path: string): string {
  const fromHere = relative(process.cwd(), path);
  return fromHere && !fromHere.startsWith('..') ? fromHere : path;
}

function describeDatabase(config: AppConfig, access: DatabaseAccess): string {
  if (config.database.kind === 'pglite') {
    return `PGlite in ${shown(config.database.dir)}${access.pgliteSocketDir ? ' (through the running app)' : ''}`;
  }
  return `${config.databaseLabel}${access.appConnected ? ' (beside the running app)' : ''}`;
}

function firstLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n')[0] ?? message;
}
