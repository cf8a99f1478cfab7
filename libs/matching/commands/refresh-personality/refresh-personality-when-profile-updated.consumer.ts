import { Logger } from '@nestjs/common';
import { EventsHandler, type IEventHandler } from '@nestjs/cqrs';
import { ProcessedEvents } from '../../../messaging/processed-events.js';
import { ProfileUpdated } from '../../../profiles/events/profile-updated.event.js';
import { PersonalityVectors } from '../../personality/personality-vectors.js';
import { CandidatePools } from '../../pool/candidate-pools.js';

/** A new bio means a new bio embedding (nothing to do before the user has taken the quiz). */
@EventsHandler(ProfileUpdated)
export class RefreshPersonalityWhenProfileUpdated implements IEventHandler<ProfileUpdated> {
  private readonly logger = new Logger('RefreshPersonalityWhenProfileUpdated');

  constructor(
    private readonly personality: PersonalityVectors,
    private readonly processed: ProcessedEvents,
    private readonly pools: CandidatePools,
  ) {}

  async handle(event: ProfileUpdated): Promise<void> {
    const userId = event.payload.userId ?? event.aggregateId;
    try {
      const vectors = await this.personality.prepare([userId]);
      await this.processed.once('matching.refresh-personality', event, (em) =>
        this.personality.save(em, vectors),
      );
      await this.pools.refreshIfCached([userId]);
    } catch (error) {
      this.logger.error(`personality of ${userId} not refreshed: ${(error as Error).message}`);
    }
  }
}
