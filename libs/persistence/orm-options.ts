import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Options } from '@mikro-orm/core';

type OrmOptions = Partial<Options>;
import { Migrator } from '@mikro-orm/migrations';
import { PgliteDriver } from '@mikro-orm/pglite';
import { PostgreSqlDriver } from '@mikro-orm/postgresql';
import type { AppConfig } from '../config/app-config.js';
import { migrations } from './migrations/index.js';
import { StartupError } from '../shared/startup-error.js';
import { claimPgliteFolder, findPgliteUser, releasePgliteFolder } from './pglite-in-use.js';

export interface DatabaseAccess {
  /**
   * The embedded default while the app holds the PGlite folder: reach its database as a PostgreSQL client
   * through the socket it serves in this directory (DATA_DIR), one connection (PGlite has one session).
   */
  pgliteSocketDir?: string;
  /** How this process names its PostgreSQL sessions (default: the app's, APP_SESSION_NAME). */
  sessionName?: string;
  /** On PostgreSQL: the running app (a gateway or a matcher) has sessions on the same database. */
  appConnected?: boolean;
}

/** The app's processes' `application_name`: the CLI finds a running app by it in `pg_stat_activity`. */
export const APP_SESSION_NAME = 'fated';

/** Whether a session of the app is open on the current database (one row, `connected`). */
export const APP_SESSIONS_SQL = `select exists (select 1 from pg_stat_activity
  where datname = current_database() and application_name = '${APP_SESSION_NAME}') as connected`;

/**
 * One ORM configuration for both databases: PGlite under DATA_DIR by default, PostgreSQL when DATABASE_URL
 * is set. The schema comes only from the checked-in migrations; nothing is synchronised from entities.
 */
export function ormOptions(config: AppConfig, access: DatabaseAccess = {}): OrmOptions {
  const shared: OrmOptions = {
    // No snapshot files: the schema lives only in the checked-in migrations.
    migrations: {
      migrationsList: migrations,
      transactional: true,
      allOrNothing: true,
      snapshot: false,
      silent: true,
    },
    extensions: [Migrator],
    allowGlobalContext: false,
    forceUtcTimezone: true,
    ensureDatabase: false,
    debug: false,
  };
  if (config.database.kind === 'postgres') {
    return {
      ...shared,
      driver: PostgreSqlDriver,
      clientUrl: config.database.url,
      pool: { min: 0, max: 10 },
      driverOptions: {
        options: sessionOptions(config.database.url),
        application_name: access.sessionName ?? APP_SESSION_NAME,
      },
    };
  }
  if (access.pgliteSocketDir) {
    return {
      ...shared,
      driver: PostgreSqlDriver,
      host: access.pgliteSocketDir,
      port: 5432,
      user: 'postgres',
      dbName: 'postgres',
      pool: { min: 0, max: 1 },
    };
  }
  assertPgliteFolderFree(config.database.dir);
  // PGlite creates its cluster folder itself but not the folder's parent.
  mkdirSync(dirname(config.database.dir), { recursive: true });
  return { ...shared, driver: PgliteDriver, dbName: config.database.dir };
}

/**
 * PostgreSQL session settings: the URL's own `options`, then generic plans for statements with bound
 * parameters (PreparedStatement's reads by key, and everything persistence/sql.ts sends). For a short list of
 * ids PostgreSQL judges a custom plan cheaper and plans the statement anew on every execution, for the
 * same plan (index probes by key) that the generic one is.
 */
export function sessionOptions(url: string): string {
  const own = new URL(url).searchParams.get('options');
  return [own, '-c plan_cache_mode=force_generic_plan'].filter(Boolean).join(' ');
}

/**
 * A second process on a PGlite folder is not refused by PGlite: it works on its own copy of the pages and
 * corrupts the data. So the app (and a CLI command on the folder) claims it first, and does not start on a
 * folder the CLI (or another app) has claimed or has open. Where the holder cannot be seen (no /proc), a
 * crash's leftover postmaster.pid looks the same, and the app starts.
 */
function assertPgliteFolderFree(dir: string): void {
  const claimant = claimPgliteFolder(dir);
  const user = claimant ?? findPgliteUser(dir);
  if (!user || user === 'unknown') return;
  if (!claimant) releasePgliteFolder(dir);
  throw new StartupError(
    `The embedded database ${dir} is in use by process ${user.pid}${user.command ? ` (${user.command})` : ''}: ` +
      'PGlite allows one process at a time. Wait for it to finish (a CLI command), or stop it.',
  );
}
