import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module.js';
import { QuizResponseRepository } from './quiz-response.repository.js';
import { SubmitQuizHandler } from './commands/submit-quiz/submit-quiz.handler.js';
import { SubmitQuizController } from './commands/submit-quiz/submit-quiz.controller.js';
import { ListQuestionsController } from './queries/list-questions/list-questions.controller.js';
import { GetQuizStatusHandler } from './queries/get-quiz-status/get-quiz-status.handler.js';
import { GetQuizStatusController } from './queries/get-quiz-status/get-quiz-status.controller.js';

/**
 * The quiz: its questions, intake of answers (recorded with QuizSubmitted through the outbox), and whether a
 * member took it.
 */
@Module({
  // The quiz is for verified accounts only; accounts says who is.
  imports: [AccountsModule],
  controllers: [ListQuestionsController, SubmitQuizController, GetQuizStatusController],
  providers: [QuizResponseRepository, SubmitQuizHandler, GetQuizStatusHandler],
  exports: [QuizResponseRepository],
})
export class QuizModule {}
