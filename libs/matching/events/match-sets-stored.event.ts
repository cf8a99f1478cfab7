import { IntegrationEvent } from '../../messaging/integration-event.js';
import { EventRegistry } from '../../messaging/event-registry.js';

/**
 * The sets of `day` of a chunk of users (`userIds`; the aggregate id is the chunk's first user) are stored.
 * Their summaries are written next, in the background (WriteSummariesWhenSetsStored), so that a member's
 * first read of the day finds them.
 */
export class MatchSetsStored extends IntegrationEvent<{ day: string; userIds: string[] }> {
  static readonly type = 'MatchSetsStored';
}
EventRegistry.register(MatchSetsStored);
