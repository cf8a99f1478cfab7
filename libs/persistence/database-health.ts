import { Injectable, type OnModuleInit } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import { HealthRegistry } from '../shared/health/health-registry.js';
import { sql } from './sql.js';

@Injectable()
export class DatabaseHealth implements OnModuleInit {
  constructor(
    private readonly orm: MikroORM,
    private readonly health: HealthRegistry,
  ) {}

  onModuleInit(): void {
    const kind = this.orm.config.get('driver')?.name === 'PgliteDriver' ? 'pglite' : 'postgresql';
    this.health.register({
      name: 'database',
      critical: true,
      check: async () => {
        await sql(this.orm.em.fork(), 'select 1');
        return { status: 'up', detail: kind };
      },
    });
  }
}
