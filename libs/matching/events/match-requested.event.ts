import { IntegrationEvent } from '../../messaging/integration-event.js';
import { EventRegistry } from '../../messaging/event-registry.js';

/**
 * The daily schedule asks a matcher for the sets of `day` ('YYYY-MM-DD' in TZ) of `userIds`, a chunk of
 * users per event (the aggregate id, the chunk's first user, spreads chunks over the partitions). Without
 * `userIds` the event is about its aggregate id alone.
 */
export class MatchRequested extends IntegrationEvent<{ day: string; userIds?: string[] }> {
  static readonly type = 'MatchRequested';
}
EventRegistry.register(MatchRequested);
