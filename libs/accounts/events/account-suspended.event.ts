import { IntegrationEvent } from '../../messaging/integration-event.js';
import { EventRegistry } from '../../messaging/event-registry.js';

/** A moderator suspended the account: it signs in no more and is in nobody's set. aggregateId = userId. */
export class AccountSuspended extends IntegrationEvent<{ userId: string }> {
  static readonly type = 'AccountSuspended';
}
EventRegistry.register(AccountSuspended);
