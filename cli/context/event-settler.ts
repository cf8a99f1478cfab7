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
 * Handlers running at once in the CLI. The relay hands over events 200 at a time without waiting for
 * their handlers; after a bulk seed that is tens of thousands of handlers started together, which starved
 * the event loop so badly that loading the embedding model timed out (120 s) and the matcher fell back
 * to answers only. A few at a time finish sooner, in less memory.
 */
export const MAX_RUNNING_HANDLERS = 4;

/**
 * Lets a CLI command finish only once what it set in motion has finished: every outbox row relayed and
 * every in-process event handler it triggered settled. The CQRS EventBus runs handlers fire-and-forget,
 * so closing the database right after the last command would cut consumers off mid-transaction (their
 * event already marked as published). Each handler's `handle` is wrapped to track its promise and to
 * queue it behind MAX_RUNNING_HANDLERS others.
 */
@Injectable()
export class EventSettler implements OnModuleInit {
  private readonly inFlight = new Set<Promise<unknown>>();
  private running = 0;
  private called = 0;
  /** Queued handler starts; `head` is the next one (Array.shift would copy the whole queue each time). */
  private waiting: (() => void)[] = [];
  private head = 0;

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
        if (!instance || !wrapper.metatype || !Reflect.hasMetadata(EVENTS_HANDLER_METADATA, wrapper.metatype))
          continue;
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

  /** Handler calls so far and how many of them have finished (in memory: no query on a busy database). */
  get handled(): { called: number; finished: number } {
    return { called: this.called, finished: this.called - this.inFlight.size };
  }

  private track(instance: EventHandlerInstance): void {
    const handle = instance.handle.bind(instance);
    instance.handle = (event: unknown) => {
      const result = this.whenSlotFree().then(async () => {
        try {
          // PGlite answers from this thread without real I/O, so handler after handler can run as one
          // endless chain of microtasks in which no timer fires (progress bars, the model-load timeout).
          await new Promise((resolve) => setImmediate(resolve));
          return await handle(event);
        } finally {
          this.releaseSlot();
        }
      });
      this.called++;
      this.inFlight.add(result);
      void result.finally(() => this.inFlight.delete(result)).catch(() => undefined);
      return result;
    };
  }

  private whenSlotFree(): Promise<void> {
    if (this.running < MAX_RUNNING_HANDLERS) {
      this.running++;
      return Promise.resolve();
    }
    // The slot is handed over directly by releaseSlot, so `running` stays counted.
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private releaseSlot(): void {
    if (this.head < this.waiting.length) {
      const next = this.waiting[this.head++]!;
      if (this.head === this.waiting.length) {
        this.waiting = [];
        this.head = 0;
      }
      next();
    } else {
      this.running--;
    }
  }

  private async pendingOutboxRows(): Promise<number> {
    const rows: { n: number | string }[] = await (this.orm.em.fork() as SqlEntityManager)
      .getConnection()
      .execute('select count(*) as n from outbox_message where published_at is null');
    return Number(rows[0]?.n ?? 0);
  }
}
