import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/core';
import { Outbox } from '../../../messaging/outbox.js';
import { QuizSubmitted } from '../../events/quiz-submitted.event.js';
import { QuizAnswers } from '../../quiz-answers.js';
import { QuizErrors } from '../../quiz-errors.js';
import { QuizResponseRepository } from '../../quiz-response.repository.js';
import { SubmitQuizCommand } from './submit-quiz.command.js';

@CommandHandler(SubmitQuizCommand)
export class SubmitQuizHandler implements ICommandHandler<SubmitQuizCommand> {
  constructor(
    private readonly orm: MikroORM,
    private readonly responses: QuizResponseRepository,
    private readonly outbox: Outbox,
  ) {}

  execute(command: SubmitQuizCommand): Promise<{ submitted: true }> {
    const answers = QuizAnswers.fromSubmission(command.answers);
    return this.orm.em.fork().transactional(async (em) => {
      if (!(await this.responses.isVerified(em, command.userId))) throw QuizErrors.notVerified();
      await this.responses.save(em, command.userId, answers.choices, new Date());
      this.outbox.record(em, new QuizSubmitted(command.userId, { choices: [...answers.choices] }));
      return { submitted: true as const };
    });
  }
}
