import { Injectable } from '@nestjs/common';
import { ProcessedEvents } from '../../../messaging/processed-events.js';
import type { ProfileUpdated } from '../../../profiles/index.js';
import type { QuizSubmitted } from '../../../quiz/index.js';
import { MemberRepository } from '../../members/member.repository.js';
import { PersonalityVectors } from '../../personality/personality-vectors.js';
import { CandidatePools } from '../../pool/candidate-pools.js';

/**
 * What a profile or quiz event does to the matcher: record it in the read model, rebuild the member's
 * vector and embeddings from it (skipped when the stored vector is already current, so a burst of saves
 * costs one embedding), and refresh the member in this process's cached pool.
 */
@Injectable()
export class MemberRefresh {
  constructor(
    private readonly members: MemberRepository,
    private readonly personality: PersonalityVectors,
    private readonly processed: ProcessedEvents,
    private readonly pools: CandidatePools,
  ) {}

  async apply(event: ProfileUpdated | QuizSubmitted): Promise<void> {
    const userId = event.aggregateId;
    await this.processed.once('matching.record-member', event, (em) => this.members.recordEvent(em, event));
    const vectors = (await this.personality.isCurrent(userId))
      ? []
      : await this.personality.prepare([userId]);
    await this.processed.once('matching.refresh-personality', event, (em) =>
      this.personality.save(em, vectors),
    );
    await this.pools.refreshIfCached([userId]);
  }
}
