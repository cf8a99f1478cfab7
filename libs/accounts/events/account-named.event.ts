import { IntegrationEvent } from '../../messaging/integration-event.js';
import { EventRegistry } from '../../messaging/event-registry.js';

/** A reclaimed account's owner chose its name at their first sign-in (it had none since the reset). */
export class AccountNamed extends IntegrationEvent<{ name: string; email: string }> {
  static readonly type = 'AccountNamed';
}
EventRegistry.register(AccountNamed);
