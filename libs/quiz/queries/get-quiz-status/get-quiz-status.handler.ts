import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/core';
import { QuizResponseRepository } from '../../quiz-response.repository.js';
import { GetQuizStatusQuery, type QuizStatusView } from './get-quiz-status.query.js';

@QueryHandler(GetQuizStatusQuery)
export class GetQuizStatusHandler implements IQueryHandler<GetQuizStatusQuery> {
  constructor(
    private readonly orm: MikroORM,
    private readonly responses: QuizResponseRepository,
  ) {}

  async execute(query: GetQuizStatusQuery): Promise<QuizStatusView> {
    return { answered: await this.responses.exists(this.orm.em.fork(), query.userId) };
  }
}
