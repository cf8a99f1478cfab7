import { IntegrationEvent } from '../../messaging/integration-event.js';
import { EventRegistry } from '../../messaging/event-registry.js';

/** A user saved their profile; the matcher refreshes what it knows about them (bio, gender fit). */
export class ProfileUpdated extends IntegrationEvent<{ userId: string }> {
  static readonly type = 'ProfileUpdated';
}
EventRegistry.register(ProfileUpdated);
