import 'reflect-metadata';
import { EventsHandler, type IEventHandler } from '@nestjs/cqrs';
import { EVENTS_HANDLER_METADATA } from './event-settler.js';

class SomethingHappened {}

@EventsHandler(SomethingHappened)
class ReactToSomething implements IEventHandler<SomethingHappened> {
  handle(): void {}
}

describe('event settler', () => {
  it("finds event handlers by @nestjs/cqrs's own metadata key", () => {
    // The key is not exported by the package; if a release renames it, this fails instead of the CLI
    // silently closing the database under running consumers.
    expect(Reflect.getMetadataKeys(ReactToSomething)).toContain(EVENTS_HANDLER_METADATA);
    expect(Reflect.getMetadata(EVENTS_HANDLER_METADATA, ReactToSomething)).toEqual([SomethingHappened]);
  });
});
