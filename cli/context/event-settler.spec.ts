import 'reflect-metadata';
import type { ModulesContainer } from '@nestjs/core';
import type { MikroORM } from '@mikro-orm/core';
import { EventsHandler, type IEventHandler } from '@nestjs/cqrs';
import type { OutboxRelay } from '../../libs/messaging/outbox-relay.js';
import { EVENTS_HANDLER_METADATA, EventSettler, MAX_RUNNING_HANDLERS } from './event-settler.js';

class SomethingHappened {}

@EventsHandler(SomethingHappened)
class ReactToSomething implements IEventHandler<SomethingHappened> {
  running = 0;
  mostAtOnce = 0;
  done = 0;

  async handle(): Promise<void> {
    this.running++;
    this.mostAtOnce = Math.max(this.mostAtOnce, this.running);
    await new Promise((resolve) => setTimeout(resolve, 5));
    this.running--;
    this.done++;
  }
}

@EventsHandler(SomethingHappened)
class FailsFirst implements IEventHandler<SomethingHappened> {
  calls = 0;
  done = 0;

  async handle(): Promise<void> {
    if (++this.calls === 1) throw new Error('boom');
    await new Promise((resolve) => setTimeout(resolve, 1));
    this.done++;
  }
}

class NotAHandler {
  handle = () => 'untouched';
}

function settlerFor(...instances: object[]): EventSettler {
  const providers = new Map(
    instances.map((instance, i) => [i, { instance, metatype: instance.constructor }]),
  );
  const modules = new Map([['root', { providers }]]) as unknown as ModulesContainer;
  const relay = { drain: async () => undefined } as unknown as OutboxRelay;
  const orm = {
    em: { fork: () => ({ getConnection: () => ({ execute: async () => [{ n: 0 }] }) }) },
  } as unknown as MikroORM;
  const settler = new EventSettler(modules, relay, orm);
  settler.onModuleInit();
  return settler;
}

describe('event settler', () => {
  it("finds event handlers by @nestjs/cqrs's own metadata key", () => {
    // The key is not exported by the package; if a release renames it, this fails instead of the CLI
    // silently closing the database under running consumers.
    expect(Reflect.getMetadataKeys(ReactToSomething)).toContain(EVENTS_HANDLER_METADATA);
    expect(Reflect.getMetadata(EVENTS_HANDLER_METADATA, ReactToSomething)).toEqual([SomethingHappened]);
  });

  it('runs a burst of events a few at a time and settles only when every handler has finished', async () => {
    const handler = new ReactToSomething();
    const other = new NotAHandler();
    const settler = settlerFor(handler, other);
    for (let i = 0; i < 40; i++) void handler.handle();
    expect(settler.handled).toEqual({ called: 40, finished: 0 });
    await settler.settle();
    expect(handler.done).toBe(40);
    expect(handler.mostAtOnce).toBe(MAX_RUNNING_HANDLERS);
    expect(settler.handled).toEqual({ called: 40, finished: 40 });
    expect(other.handle()).toBe('untouched');
  });

  it('keeps going after a handler fails', async () => {
    const handler = new FailsFirst();
    const settler = settlerFor(handler);
    const results = await Promise.allSettled(Array.from({ length: 6 }, () => handler.handle()));
    expect(results.filter((result) => result.status === 'rejected')).toHaveLength(1);
    await settler.settle();
    expect(handler.done).toBe(5);
    expect(settler.handled).toEqual({ called: 6, finished: 6 });
  });
});
