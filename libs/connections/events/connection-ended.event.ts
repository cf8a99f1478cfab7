import { IntegrationEvent } from '../../messaging/integration-event.js';
import { EventRegistry } from '../../messaging/event-registry.js';

/** `userId` unmatched `otherId`: the pair never meets again (aggregateId = userId). */
export class ConnectionEnded extends IntegrationEvent<{
  connectionId: string;
  userId: string;
  otherId: string;
}> {
  static readonly type = 'ConnectionEnded';
}
EventRegistry.register(ConnectionEnded);
