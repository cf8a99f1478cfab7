import { Injectable, Optional, type OnModuleInit } from '@nestjs/common';
import { HealthRegistry } from '../../shared/health/health-registry.js';
import { KafkaClient } from './kafka-client.js';
import { KafkaEventConsumer } from './kafka-event-consumer.js';

const CHECK_TIMEOUT_MS = 2_000;

/** Readiness in the distributed mode: the broker answers for the events topic and this role's consumer runs. */
@Injectable()
export class KafkaHealth implements OnModuleInit {
  constructor(
    private readonly health: HealthRegistry,
    private readonly client: KafkaClient,
    @Optional() private readonly consumer?: KafkaEventConsumer,
  ) {}

  onModuleInit(): void {
    this.health.register({ name: 'kafka', critical: true, check: () => this.check() });
  }

  private async check(): Promise<{ status: 'up' | 'down'; detail: string }> {
    const partitions = await withTimeout(this.client.partitions(), CHECK_TIMEOUT_MS);
    if (partitions === 0) return { status: 'down', detail: `topic ${this.client.settings.topic} missing` };
    const topic = `${this.client.settings.topic} (${partitions} partitions)`;
    if (!this.consumer) return { status: 'up', detail: `${topic}; publishing only` };
    const state = this.consumer.state;
    const group = `group ${this.consumer.groupId}`;
    switch (state.status) {
      case 'joined':
        return {
          status: 'up',
          detail: `${topic}; ${group}, partitions ${state.partitions.join(',') || 'none'}`,
        };
      case 'starting':
        return { status: 'up', detail: `${topic}; ${group} joining` };
      case 'failed':
        return { status: 'down', detail: `${group} failed (see the log)` };
      case 'stopped':
        return { status: 'down', detail: `${group} stopped` };
    }
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`broker did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
