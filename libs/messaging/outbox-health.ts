import { Injectable, type OnModuleInit } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import { HealthRegistry } from '../shared/health/health-registry.js';
import { Outbox } from './outbox.js';

/** Events waiting longer than this mean the relay (or the broker behind it) is stuck. */
const STUCK_AFTER_MS = 5 * 60_000;

/** /api/health `outbox`: how many committed events wait to be relayed, `degraded` once the oldest is stuck. */
@Injectable()
export class OutboxHealth implements OnModuleInit {
  constructor(
    private readonly health: HealthRegistry,
    private readonly orm: MikroORM,
    private readonly outbox: Outbox,
  ) {}

  onModuleInit(): void {
    this.health.register({
      name: 'outbox',
      critical: false,
      check: async () => {
        const { pending, oldest } = await this.outbox.backlog(this.orm.em.fork());
        const waitedMs = oldest ? Date.now() - oldest.getTime() : 0;
        return {
          status: waitedMs > STUCK_AFTER_MS ? 'degraded' : 'up',
          detail: `${pending} pending`,
        };
      },
    });
  }
}
