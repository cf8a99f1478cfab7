import { Injectable, type OnModuleInit } from '@nestjs/common';
import { HealthRegistry } from '../shared/health/health-registry.js';
import { DeadLetters } from './dead-letters.js';

/** Parked events need a person: /api/health says how many (`degraded`, not down: everything else flows). */
@Injectable()
export class DeadLettersHealth implements OnModuleInit {
  constructor(
    private readonly health: HealthRegistry,
    private readonly deadLetters: DeadLetters,
  ) {}

  onModuleInit(): void {
    this.health.register({
      name: 'deadLetters',
      critical: false,
      check: async () => {
        const parked = await this.deadLetters.count();
        return parked === 0
          ? { status: 'up', detail: 'none' }
          : { status: 'degraded', detail: `${parked} parked; see fated events dead-letters` };
      },
    });
  }
}
