import { Controller, Get, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../../../shared/auth/current-user.decorator.js';
import type { AccessTokenClaims } from '../../../shared/auth/access-tokens.js';
import { assertSelf } from '../../../shared/auth/ownership.js';
import { UserIdPipe } from '../../../shared/http/uuid-param.pipe.js';
import { GetQuizStatusQuery, type QuizStatusView } from './get-quiz-status.query.js';

@ApiTags('quiz')
@ApiBearerAuth()
@Controller('quiz')
export class GetQuizStatusController {
  constructor(private readonly queries: QueryBus) {}

  /** Whether the member took the quiz: the SPA's home leads with the next step from it, on any device. */
  @Get('status/:id')
  getStatus(
    @CurrentUser() user: AccessTokenClaims,
    @Param('id', UserIdPipe) id: string,
  ): Promise<QuizStatusView> {
    assertSelf(user, id);
    return this.queries.execute(new GetQuizStatusQuery(id));
  }
}
