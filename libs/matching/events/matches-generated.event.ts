import { IntegrationEvent } from '../../messaging/integration-event.js';
import { EventRegistry } from '../../messaging/event-registry.js';
import type { Tier } from '../domain/tiers.js';

/** A user's (the aggregate id) match set of `day` was created; `picks` is empty for an empty set. */
export class MatchesGenerated extends IntegrationEvent<{
  day: string;
  picks: { tier: Tier; candidateId: string; percent: number }[];
}> {
  static readonly type = 'MatchesGenerated';
}
EventRegistry.register(MatchesGenerated);
