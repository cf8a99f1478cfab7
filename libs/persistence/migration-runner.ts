import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import { AppConfig } from '../config/app-config.js';
import { StartupError } from '../shared/startup-error.js';
import { retrying } from '../shared/retry.js';
import { sql } from './sql.js';

/**
 * Brings the schema up to date before anything else touches the database. Several processes may start
 * at once against one PostgreSQL: the loser of a race retries and then finds the migrations applied.
 */
@Injectable()
export class MigrationRunner implements OnModuleInit {
  private readonly logger = new Logger('Migrations');

  constructor(
    private readonly orm: MikroORM,
    private readonly config: AppConfig,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.assertDatabaseExists();
    const applied = await retrying(() => this.orm.migrator.up(), RACE_RETRIES, {
      onFailure: (error, attempt, retryInMs) => {
        if (retryInMs !== undefined)
          this.logger.warn(`migration attempt ${attempt} failed (${(error as Error).message}); retrying`);
      },
    });
    if (applied.length > 0)
      this.logger.log(`applied ${applied.map((migration) => migration.name).join(', ')}`);
  }

  /**
   * The migrator creates a missing database whatever `ensureDatabase` says: a DATABASE_URL with a typo would
   * start on a new, empty database, as if every account were gone. A missing database is refused instead,
   * and one that cannot be reached is said in a line, not a driver's stack.
   */
  private async assertDatabaseExists(): Promise<void> {
    try {
      await sql(this.orm.em.fork(), 'select 1');
    } catch (error) {
      if ((error as { code?: string }).code !== UNDEFINED_DATABASE) {
        const reason = (error as Error).message || (error as { code?: string }).code || String(error);
        throw new StartupError(`could not reach the database (${this.config.databaseLabel}): ${reason}`, {
          cause: error,
        });
      }
      const name = this.orm.config.get('dbName') ?? '(unnamed)';
      throw new StartupError(
        `the database "${name}" does not exist: check DATABASE_URL, or create it (createdb ${name}); it is never created on start`,
        { cause: error },
      );
    }
  }
}

/** PostgreSQL's SQLSTATE for a connection to a database that does not exist. */
const UNDEFINED_DATABASE = '3D000';

/** Five attempts in about four seconds (0.5, 0.75, 1.1, 1.7 s apart). */
const RACE_RETRIES = { retries: 4, firstDelayMs: 500, factor: 1.5 };
