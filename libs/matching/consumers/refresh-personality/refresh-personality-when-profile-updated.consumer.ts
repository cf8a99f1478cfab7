import { Consumes, type EventConsumer } from '../../../messaging/consumes.decorator.js';
import { ProcessedEvents } from '../../../messaging/processed-events.js';
import { ProfileUpdated } from '../../../profiles/index.js';
import { MemberRepository } from '../../members/member.repository.js';
import { PersonalityVectors } from '../../personality/personality-vectors.js';
import { CandidatePools } from '../../pool/candidate-pools.js';

/**
 * Records the profile in matching's read model (who fits whom, the bio), then refreshes the bio
 * embedding (nothing to embed before the user has taken the quiz).
 */
@Consumes(ProfileUpdated)
export class RefreshPersonalityWhenProfileUpdated implements EventConsumer<ProfileUpdated> {
  constructor(
    private readonly members: MemberRepository,
    private readonly personality: PersonalityVectors,
    private readonly processed: ProcessedEvents,
    private readonly pools: CandidatePools,
  ) {}

  async handle(event: ProfileUpdated): Promise<void> {
    const userId = event.payload.userId ?? event.aggregateId;
    await this.processed.once('matching.record-member', event, (em) => this.members.recordEvent(em, event));
    // Coalesces bursts: a vector already built from the current state needs no new embedding.
    const vectors = (await this.personality.isCurrent(userId))
      ? []
      : await this.personality.prepare([userId]);
    await this.processed.once('matching.refresh-personality', event, (em) =>
      this.personality.save(em, vectors),
    );
    await this.pools.refreshIfCached([userId]);
  }
}
