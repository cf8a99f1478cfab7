import { Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';

/**
 * For readiness (not the /api/health report): whether the database has every migration this build knows. A
 * process whose database was swapped for an older one, or restored from an older dump, is not ready.
 */
@Injectable()
export class MigrationsHealth {
  constructor(private readonly orm: MikroORM) {}

  async pending(): Promise<number> {
    return (await this.orm.migrator.getPending()).length;
  }
}
