import { IntegrationEvent } from '../../messaging/integration-event.js';
import { EventRegistry } from '../../messaging/event-registry.js';

/** Mutual interest made a connection (aggregateId = the member whose interest made it mutual). */
export class ConnectionMade extends IntegrationEvent<{ connectionId: string; userIds: [string, string] }> {
  static readonly type = 'ConnectionMade';
}
EventRegistry.register(ConnectionMade);
