import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';

/**
 * Brings the schema up to date before anything else touches the database. Several processes may start
 * at once against one PostgreSQL: the loser of a race retries and then finds the migrations applied.
 */
@Injectable()
export class MigrationRunner implements OnModuleInit {
  private readonly logger = new Logger('Migrations');

  constructor(private readonly orm: MikroORM) {}

  async onModuleInit(): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        const applied = await this.orm.migrator.up();
        if (applied.length > 0)
          this.logger.log(`applied ${applied.map((migration) => migration.name).join(', ')}`);
        return;
      } catch (error) {
        if (attempt >= 5) throw error;
        this.logger.warn(`migration attempt ${attempt} failed (${(error as Error).message}); retrying`);
        await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
      }
    }
  }
}
