import { IntegrationEvent } from '../../messaging/integration-event.js';
import { EventRegistry } from '../../messaging/event-registry.js';

/**
 * `userId` blocked `blockedUserId` (directly or by reporting them). The block works both ways.
 * aggregateId = userId (the one who blocked).
 */
export class UserBlocked extends IntegrationEvent<{ userId: string; blockedUserId: string }> {
  static readonly type = 'UserBlocked';
}
EventRegistry.register(UserBlocked);
