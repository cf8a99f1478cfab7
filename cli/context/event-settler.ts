import { Injectable, type OnModuleInit } from '@nestjs/common';
import { ModulesContainer } from '@nestjs/core';
import { MikroORM } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { OutboxRelay } from '../../libs/messaging/outbox-relay.js';

/** @nestjs/cqrs's EVENTS_HANDLER_METADATA (not exported by the package; event-settler.spec.ts pins it). */
export const EVENTS_HANDLER_METADATA = '__eventsHandler__';

interface EventHandlerInstance {
  handle(event: unknown): unknown;
}

/**
 * Lets a CLI command finish only once what it set in motion has finished: every outbox row relayed and
 * every in-process event handler it triggered settled. The CQRS EventBus runs handlers fire-and-forget,
 * so closing the database right after the last command would cut consumers off mid-transaction (their
 * event already marked as published). Each handler's `handle` is wrapped to track its promise.
 */
@Injectable()
export class EventSettler implements OnModuleInit {
  private readonly inFlight = new Set<Promise<unknown>>();

  constructor(
    private readonly modules: ModulesContainer,
    private readonly relay: OutboxRelay,
    private readonly orm: MikroORM,
  ) {}

  /** Before any bootstrap hook (the relay starts on bootstrap), so no event can slip past untracked. */
  onModuleInit(): void {
    for (const module of this.modules.values()) {
      for (const wrapper of module.providers.values()) {
        const instance = wrapper.instance as EventHandlerInstance | undefined;
        if (!instance || !wrapper.metatype || !Reflect.hasMetadata(EVENTS_HANDLER_METADATA, wrapper.metatype)) continue;
        this.track(instance);
      }
    }
  }

  /** Relays and waits until no outbox row is pending and no handler is running. */
  async settle(): Promise<void> {
    for (;;) {
      await this.relay.drain();
      if (this.inFlight.size > 0) {
        await Promise.allSettled([...this.inFlight]);
        continue; // handlers may have recorded new events
      }
      if ((await this.pendingOutboxRows()) === 0 && this.inFlight.size === 0) return;
    }
  }

  get running(): number {
    return this.inFlight.size;
  }

  private track(instance: EventHandlerInstance): void {
    const handle = instance.handle.bind(instance);
    instance.handle = (event: unknown) => {
      const result = Promise.resolve(handle(event));
      this.inFlight.add(result);
      void result.finally(() => this.inFlight.delete(result)).catch(() => undefined);
      return result;
    };
  }

  private async pendingOutboxRows(): Promise<number> {
    const rows: { n: number | string }[] = await (this.orm.em.fork() as SqlEntityManager)
      .getConnection()
      .execute('select count(*) as n from outbox_message where published_at is null');
    return Number(rows[0]?.n ?? 0);
  }
}
