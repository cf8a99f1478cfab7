import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Options } from '@mikro-orm/core';

type OrmOptions = Partial<Options>;
import { Migrator } from '@mikro-orm/migrations';
import { PgliteDriver } from '@mikro-orm/pglite';
import { PostgreSqlDriver } from '@mikro-orm/postgresql';
import type { AppConfig } from '../config/app-config.js';
import { migrations } from './migrations/index.js';

/**
 * One ORM configuration for both databases: PGlite under DATA_DIR by default, PostgreSQL when DATABASE_URL
 * is set. The schema comes only from the checked-in migrations; nothing is synchronised from entities.
 */
export function ormOptions(config: AppConfig): OrmOptions {
  const shared: OrmOptions = {
    // No snapshot files: the schema lives only in the checked-in migrations.
    migrations: { migrationsList: migrations, transactional: true, allOrNothing: true, snapshot: false },
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
      driverOptions: { options: sessionOptions(config.database.url) },
    };
  }
  // PGlite creates its cluster folder itself but not the folder's parent.
  mkdirSync(dirname(config.database.dir), { recursive: true });
  return { ...shared, driver: PgliteDriver, dbName: config.database.dir };
}

/**
 * PostgreSQL session settings: the URL's own `options`, then generic plans for statements with bound
 * parameters (PreparedRead's reads by key, and everything persistence/sql.ts sends). For a PreparedRead's
 * short list of ids PostgreSQL judged a custom plan cheaper and planned the statement anew on every
 * execution: 220 µs of its CPU for a card round of one member against 66 µs with the generic plan (the
 * same plan, index probes by key). README, "HTTP read paths".
 */
export function sessionOptions(url: string): string {
  const own = new URL(url).searchParams.get('options');
  return [own, '-c plan_cache_mode=force_generic_plan'].filter(Boolean).join(' ');
}
