import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/core';
import { UserRepository } from '../../../accounts/index.js';
import { Outbox } from '../../../messaging/outbox.js';
import { QuizAnswers } from '../../quiz-answers.js';
import { QuizErrors } from '../../quiz-errors.js';
import { QuizResponseRepository } from '../../quiz-response.repository.js';
import { saveQuizAnswers } from './save-quiz-answers.js';
import { SubmitQuizCommand } from './submit-quiz.command.js';

@CommandHandler(SubmitQuizCommand)
export class SubmitQuizHandler implements ICommandHandler<SubmitQuizCommand> {
  constructor(
    private readonly orm: MikroORM,
    private readonly users: UserRepository,
    private readonly responses: QuizResponseRepository,
    private readonly outbox: Outbox,
  ) {}

  // async: a malformed submission rejects the returned promise like every other refusal, never throws.
  async execute(command: SubmitQuizCommand): Promise<{ submitted: true }> {
    const answers = QuizAnswers.fromSubmission(command.answers);
    return this.orm.em.fork().transactional(async (em) => {
      if (!(await this.users.isVerified(command.userId, em))) throw QuizErrors.notVerified();
      await saveQuizAnswers(em, { responses: this.responses, outbox: this.outbox }, [
        { userId: command.userId, answers },
      ]);
      return { submitted: true as const };
    });
  }
}
