import 'reflect-metadata';
import { Injectable, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { CqrsModule, EventsHandler, type IEventHandler } from '@nestjs/cqrs';
import { EVENTS_HANDLER_METADATA, LocalEventDispatcher } from './local-event-dispatcher.js';

class SomethingHappened {
  constructor(readonly n: number) {}
}
class SomethingElseHappened {}

/** Records what ran and when it finished, so the test can tell "dispatched" from "done". */
@Injectable()
class Journal {
  readonly lines: string[] = [];
}

@EventsHandler(SomethingHappened)
class SlowReaction implements IEventHandler<SomethingHappened> {
  constructor(private readonly journal: Journal) {}
  async handle(event: SomethingHappened): Promise<void> {
    await new Promise((resolve) => setTimeout(resolve, 50));
    this.journal.lines.push(`slow ${event.n}`);
  }
}

@EventsHandler(SomethingHappened, SomethingElseHappened)
class FailingReaction implements IEventHandler<SomethingHappened> {
  constructor(private readonly journal: Journal) {}
  async handle(): Promise<void> {
    this.journal.lines.push('failing');
    throw new Error('handler failure stays with the handler');
  }
}

@Module({
  imports: [CqrsModule.forRoot()],
  providers: [Journal, SlowReaction, FailingReaction, LocalEventDispatcher],
})
class TestModule {}

describe('LocalEventDispatcher', () => {
  it("finds event handlers by @nestjs/cqrs's own metadata key", () => {
    // Not exported by the package: if a release renames it, this fails instead of offsets being
    // committed before the handlers ran.
    expect(Reflect.getMetadata(EVENTS_HANDLER_METADATA, SlowReaction)).toEqual([SomethingHappened]);
  });

  it('runs the @EventsHandler classes on the local bus and resolves only when they have finished', async () => {
    const app = await NestFactory.createApplicationContext(TestModule, { logger: false });
    await app.init();
    try {
      const journal = app.get(Journal);
      await app.get(LocalEventDispatcher).dispatch(new SomethingHappened(1));
      expect(journal.lines.sort()).toEqual(['failing', 'slow 1']);

      await app.get(LocalEventDispatcher).dispatch(new SomethingElseHappened());
      expect(journal.lines.filter((line) => line === 'failing')).toHaveLength(2);
      expect(journal.lines.filter((line) => line.startsWith('slow'))).toHaveLength(1);
    } finally {
      await app.close();
    }
  });
});
