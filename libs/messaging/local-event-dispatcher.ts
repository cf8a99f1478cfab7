import { Injectable, type OnModuleInit } from '@nestjs/common';
import { ModulesContainer } from '@nestjs/core';
import { EventBus, type IEvent } from '@nestjs/cqrs';

/** @nestjs/cqrs's EVENTS_HANDLER_METADATA, which the package does not export (local-event-dispatcher.spec.ts pins it). */
export const EVENTS_HANDLER_METADATA = '__eventsHandler__';
const TRACKED = Symbol('tracked by LocalEventDispatcher');

interface EventHandlerInstance {
  handle(event: IEvent): unknown;
  [TRACKED]?: true;
}

/**
 * Hands an event that arrived from another process to this process's CQRS EventBus, so the same
 * @EventsHandler classes run as in the embedded mode, and resolves once those handlers have finished.
 * The bus itself is fire-and-forget; the Kafka consumer needs the end of local work to know when the
 * record's offset may be committed. Handlers are invoked synchronously inside `publish`, which is what
 * lets each call be attributed to the event being dispatched.
 */
@Injectable()
export class LocalEventDispatcher implements OnModuleInit {
  private readonly started = new WeakMap<IEvent, Promise<unknown>[]>();

  constructor(
    private readonly modules: ModulesContainer,
    private readonly eventBus: EventBus,
  ) {}

  onModuleInit(): void {
    for (const module of this.modules.values()) {
      for (const wrapper of module.providers.values()) {
        const instance = wrapper.instance as EventHandlerInstance | undefined;
        if (!instance || !wrapper.metatype || !wrapper.isDependencyTreeStatic()) continue;
        if (!Reflect.hasMetadata(EVENTS_HANDLER_METADATA, wrapper.metatype) || instance[TRACKED]) continue;
        this.track(instance);
      }
    }
  }

  /** Publishes on the local bus and waits for every handler it started (their failures are theirs to log). */
  async dispatch(event: IEvent): Promise<void> {
    const started: Promise<unknown>[] = [];
    this.started.set(event, started);
    try {
      this.eventBus.publish(event);
    } finally {
      this.started.delete(event);
    }
    await Promise.allSettled(started);
  }

  private track(instance: EventHandlerInstance): void {
    const handle = instance.handle.bind(instance);
    instance.handle = (event: IEvent) => {
      const result = handle(event);
      this.started.get(event)?.push(Promise.resolve(result));
      return result;
    };
    instance[TRACKED] = true;
  }
}
