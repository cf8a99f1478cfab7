import { IntegrationEvent } from '../../messaging/integration-event.js';
import { EventRegistry } from '../../messaging/event-registry.js';

export class UserRegistered extends IntegrationEvent<{
  name: string;
  email: string;
  referredById: string | null;
}> {
  static readonly type = 'UserRegistered';
}
EventRegistry.register(UserRegistered);
