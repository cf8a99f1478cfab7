import { Injectable, Optional, type OnModuleInit } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import { HealthRegistry } from '../shared/health/health-registry.js';

/**
 * For readiness (not the /api/health report): whether the database has every migration this build knows. A
 * process whose database was swapped for an older one, or restored from an older dump, is not ready.
 */
@Injectable()
export class MigrationsHealth implements OnModuleInit {
  constructor(
    private readonly orm: MikroORM,
    @Optional() private readonly health?: HealthRegistry,
  ) {}

  onModuleInit(): void {
    this.health?.register({
      name: 'migrations',
      critical: true,
      readinessOnly: true,
      check: async () => {
        const pending = await this.pending();
        return pending === 0
          ? { status: 'up', detail: 'applied' }
          : { status: 'down', detail: `${pending} pending` };
      },
    });
  }

  async pending(): Promise<number> {
    return (await this.orm.migrator.getPending()).length;
  }
}
