import { Query } from '@nestjs/cqrs';

export interface QuizStatusView {
  /** Whether the member's answers are stored (a resubmission replaces them; the quiz is never untaken). */
  answered: boolean;
}

export class GetQuizStatusQuery extends Query<QuizStatusView> {
  constructor(readonly userId: string) {
    super();
  }
}
