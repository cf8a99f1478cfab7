import { Injectable, type OnModuleInit } from '@nestjs/common';
import { HealthRegistry } from '../shared/health/health-registry.js';

@Injectable()
export class BusHealth implements OnModuleInit {
  constructor(private readonly health: HealthRegistry) {}

  onModuleInit(): void {
    this.health.register({
      name: 'bus',
      critical: true,
      check: async () => ({ status: 'up', detail: 'in-process' }),
    });
  }
}
