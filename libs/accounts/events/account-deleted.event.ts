import { IntegrationEvent } from '../../messaging/integration-event.js';
import { EventRegistry } from '../../messaging/event-registry.js';
import type { ConnectionWith } from '../../shared/auth/introductions.port.js';

/**
 * The account and everything of it were deleted (DELETE /api/account, or the daily purge of unverified
 * accounts). aggregateId = the deleted user's id; the payload carries nothing else about them but the
 * conversations that ended with it (their ids and the other members), whose members are told.
 */
export class AccountDeleted extends IntegrationEvent<{ userId: string; connections?: ConnectionWith[] }> {
  static readonly type = 'AccountDeleted';
  static readonly erasable = true;
}
EventRegistry.register(AccountDeleted);
