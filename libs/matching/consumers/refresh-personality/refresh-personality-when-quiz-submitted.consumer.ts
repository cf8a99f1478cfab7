import { Consumes, type EventConsumer } from '../../../messaging/consumes.decorator.js';
import { ProcessedEvents } from '../../../messaging/processed-events.js';
import { QuizSubmitted } from '../../../quiz/index.js';
import { MemberRepository } from '../../members/member.repository.js';
import { PersonalityVectors } from '../../personality/personality-vectors.js';
import { CandidatePools } from '../../pool/candidate-pools.js';

/** New answers: record them in matching's read model, then rebuild the personality vector and embeddings. */
@Consumes(QuizSubmitted)
export class RefreshPersonalityWhenQuizSubmitted implements EventConsumer<QuizSubmitted> {
  constructor(
    private readonly members: MemberRepository,
    private readonly personality: PersonalityVectors,
    private readonly processed: ProcessedEvents,
    private readonly pools: CandidatePools,
  ) {}

  async handle(event: QuizSubmitted): Promise<void> {
    const userId = event.aggregateId;
    await this.processed.once('matching.record-member', event, (em) => this.members.recordEvent(em, event));
    // Built from the read model, where an older event arriving late changes nothing.
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
