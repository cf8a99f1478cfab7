import { IntegrationEvent } from '../../messaging/integration-event.js';
import { EventRegistry } from '../../messaging/event-registry.js';

/** `userId` is interested in `targetId`, one-sided so far (aggregateId = userId). */
export class InterestExpressed extends IntegrationEvent<{ userId: string; targetId: string }> {
  static readonly type = 'InterestExpressed';
}
EventRegistry.register(InterestExpressed);
