import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import { retrying } from '../shared/retry.js';

/**
 * Brings the schema up to date before anything else touches the database. Several processes may start
 * at once against one PostgreSQL: the loser of a race retries and then finds the migrations applied.
 */
@Injectable()
export class MigrationRunner implements OnModuleInit {
  private readonly logger = new Logger('Migrations');

  constructor(private readonly orm: MikroORM) {}

  async onModuleInit(): Promise<void> {
    const applied = await retrying(() => this.orm.migrator.up(), RACE_RETRIES, {
      onFailure: (error, attempt, retryInMs) => {
        if (retryInMs !== undefined)
          this.logger.warn(`migration attempt ${attempt} failed (${(error as Error).message}); retrying`);
      },
    });
    if (applied.length > 0)
      this.logger.log(`applied ${applied.map((migration) => migration.name).join(', ')}`);
  }
}

/** Five attempts in about four seconds (0.5, 0.75, 1.1, 1.7 s apart). */
const RACE_RETRIES = { retries: 4, firstDelayMs: 500, factor: 1.5 };
