import { IntegrationEvent } from '../../messaging/integration-event.js';
import { EventRegistry } from '../../messaging/event-registry.js';

/** A moderator lifted the suspension. aggregateId = userId. */
export class AccountUnsuspended extends IntegrationEvent<{ userId: string }> {
  static readonly type = 'AccountUnsuspended';
}
EventRegistry.register(AccountUnsuspended);
