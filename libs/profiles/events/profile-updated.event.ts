import { IntegrationEvent } from '../../messaging/integration-event.js';
import { EventRegistry } from '../../messaging/event-registry.js';
import type { Sex } from '../profile.entity.js';

/**
 * A user saved their profile. It carries what the matcher keeps of a profile (who fits whom, the bio it
 * embeds), so matching's read model needs no read of the profile table. Events written before these
 * fields existed carry only `userId`; the read model's backfill already holds their state.
 */
export class ProfileUpdated extends IntegrationEvent<{
  userId: string;
  gender?: Sex;
  preferredSex?: Sex;
  bio?: string;
}> {
  static readonly type = 'ProfileUpdated';
}
EventRegistry.register(ProfileUpdated);
