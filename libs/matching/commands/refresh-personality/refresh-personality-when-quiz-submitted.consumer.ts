import { Logger } from '@nestjs/common';
import { EventsHandler, type IEventHandler } from '@nestjs/cqrs';
import { ProcessedEvents } from '../../../messaging/processed-events.js';
import { QuizSubmitted } from '../../../quiz/events/quiz-submitted.event.js';
import { PersonalityVectors } from '../../personality/personality-vectors.js';
import { CandidatePools } from '../../pool/candidate-pools.js';

/** New answers: rebuild the user's personality vector and answer/bio embeddings. */
@EventsHandler(QuizSubmitted)
export class RefreshPersonalityWhenQuizSubmitted implements IEventHandler<QuizSubmitted> {
  private readonly logger = new Logger('RefreshPersonalityWhenQuizSubmitted');

  constructor(
    private readonly personality: PersonalityVectors,
    private readonly processed: ProcessedEvents,
    private readonly pools: CandidatePools,
  ) {}

  async handle(event: QuizSubmitted): Promise<void> {
    try {
      // Built from the stored state, not the payload, so an older event arriving late changes nothing.
      const vectors = await this.personality.prepare([event.aggregateId]);
      await this.processed.once('matching.refresh-personality', event, (em) =>
        this.personality.save(em, vectors),
      );
      await this.pools.refreshIfCached([event.aggregateId]);
    } catch (error) {
      this.logger.error(`personality of ${event.aggregateId} not refreshed: ${(error as Error).message}`);
    }
  }
}
