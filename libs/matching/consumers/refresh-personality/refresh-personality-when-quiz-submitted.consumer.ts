import { Consumes, type EventConsumer } from '../../../messaging/consumes.decorator.js';
import { QuizSubmitted } from '../../../quiz/index.js';
import { MemberRefresh } from './member-refresh.js';

/** New answers: a new personality vector and answer embedding. */
@Consumes(QuizSubmitted)
export class RefreshPersonalityWhenQuizSubmitted implements EventConsumer<QuizSubmitted> {
  constructor(private readonly refresh: MemberRefresh) {}

  handle(event: QuizSubmitted): Promise<void> {
    return this.refresh.apply(event);
  }

  handleBatch(events: QuizSubmitted[]): Promise<void> {
    return this.refresh.applyMany(events);
  }
}
