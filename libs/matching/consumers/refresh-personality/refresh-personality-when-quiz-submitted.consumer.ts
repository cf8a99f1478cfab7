import { Consumes, type EventConsumer } from '../../../messaging/consumes.decorator.js';
import { ProcessedEvents } from '../../../messaging/processed-events.js';
import { QuizSubmitted } from '../../../quiz/index.js';
import { PersonalityVectors } from '../../personality/personality-vectors.js';
import { CandidatePools } from '../../pool/candidate-pools.js';

/** New answers: rebuild the user's personality vector and answer/bio embeddings. */
@Consumes(QuizSubmitted)
export class RefreshPersonalityWhenQuizSubmitted implements EventConsumer<QuizSubmitted> {
  constructor(
    private readonly personality: PersonalityVectors,
    private readonly processed: ProcessedEvents,
    private readonly pools: CandidatePools,
  ) {}

  async handle(event: QuizSubmitted): Promise<void> {
    // Built from the stored state, not the payload, so an older event arriving late changes nothing.
    // Coalesces bursts: a vector already built from the current state needs no new embedding.
    const vectors = (await this.personality.isCurrent(event.aggregateId)) ? [] : await this.personality.prepare([event.aggregateId]);
    await this.processed.once('matching.refresh-personality', event, (em) =>
      this.personality.save(em, vectors),
    );
    await this.pools.refreshIfCached([event.aggregateId]);
  }
}
