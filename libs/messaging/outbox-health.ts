import { Injectable, type OnModuleInit } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { HealthRegistry } from '../shared/health/health-registry.js';

/** Events waiting longer than this mean the relay (or the broker behind it) is stuck. */
const STUCK_AFTER_MS = 5 * 60_000;

/** /api/health `outbox`: how many committed events wait to be relayed, `degraded` once the oldest is stuck. */
@Injectable()
export class OutboxHealth implements OnModuleInit {
  constructor(
    private readonly health: HealthRegistry,
    private readonly orm: MikroORM,
  ) {}

  onModuleInit(): void {
    this.health.register({
      name: 'outbox',
      critical: false,
      check: async () => {
        const [row] = await (this.orm.em.fork() as SqlEntityManager)
          .getConnection()
          .execute<{ n: number | string; oldest: Date | string | null }[]>(
            `select count(*) as n, min(occurred_at) as oldest from outbox_message where published_at is null`,
          );
        const pending = Number(row?.n ?? 0);
        const waitedMs = row?.oldest ? Date.now() - new Date(row.oldest).getTime() : 0;
        return {
          status: waitedMs > STUCK_AFTER_MS ? 'degraded' : 'up',
          detail: `${pending} pending`,
        };
      },
    });
  }
}
