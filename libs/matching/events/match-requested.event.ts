import { IntegrationEvent } from '../../messaging/integration-event.js';
import { EventRegistry } from '../../messaging/event-registry.js';

/** The daily schedule asks the matcher for a user's (the aggregate id) set of `day` ('YYYY-MM-DD' in TZ). */
export class MatchRequested extends IntegrationEvent<{ day: string }> {
  static readonly type = 'MatchRequested';
}
EventRegistry.register(MatchRequested);
