import { Injectable, type OnModuleInit } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { HealthRegistry } from '../shared/health/health-registry.js';

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
        await (this.orm.em.fork() as SqlEntityManager).getConnection().execute('select 1');
        return { status: 'up', detail: kind };
      },
    });
  }
}
