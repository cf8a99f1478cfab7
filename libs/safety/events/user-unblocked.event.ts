import { IntegrationEvent } from '../../messaging/integration-event.js';
import { EventRegistry } from '../../messaging/event-registry.js';

/** `userId` lifted their block of `blockedUserId`. aggregateId = userId. */
export class UserUnblocked extends IntegrationEvent<{ userId: string; blockedUserId: string }> {
  static readonly type = 'UserUnblocked';
}
EventRegistry.register(UserUnblocked);
