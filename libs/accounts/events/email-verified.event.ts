import { IntegrationEvent } from '../../messaging/integration-event.js';
import { EventRegistry } from '../../messaging/event-registry.js';

export class EmailVerified extends IntegrationEvent<{ email: string; referredById: string | null }> {
  static readonly type = 'EmailVerified';
}
EventRegistry.register(EmailVerified);
