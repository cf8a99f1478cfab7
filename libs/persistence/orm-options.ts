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
    return { ...shared, driver: PostgreSqlDriver, clientUrl: config.database.url, pool: { min: 0, max: 10 } };
  }
  // PGlite creates its cluster folder itself but not the folder's parent.
  mkdirSync(dirname(config.database.dir), { recursive: true });
  return { ...shared, driver: PgliteDriver, dbName: config.database.dir };
}
