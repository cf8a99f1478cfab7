import { IntegrationEvent } from '../../messaging/integration-event.js';
import { EventRegistry } from '../../messaging/event-registry.js';

/**
 * The account and everything of it were deleted (DELETE /api/account, or the daily purge of unverified
 * accounts). aggregateId = the deleted user's id; the payload carries nothing else about them.
 */
export class AccountDeleted extends IntegrationEvent<{ userId: string }> {
  static readonly type = 'AccountDeleted';
  static readonly erasable = true;
}
EventRegistry.register(AccountDeleted);
