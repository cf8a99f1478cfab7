import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../../../shared/auth/current-user.decorator.js';
import type { AccessTokenClaims } from '../../../shared/auth/access-tokens.js';
import { assertSelf } from '../../../shared/auth/ownership.js';
import { SubmitQuizCommand } from './submit-quiz.command.js';
import { SubmitQuizDto } from './submit-quiz.dto.js';

@ApiTags('quiz')
@ApiBearerAuth()
@Controller('match')
export class SubmitQuizController {
  constructor(private readonly commands: CommandBus) {}

  /** The spec's path for the quiz: the answers are what matches are generated from. */
  @Post('generate')
  @HttpCode(201)
  submit(@CurrentUser() user: AccessTokenClaims, @Body() dto: SubmitQuizDto): Promise<{ submitted: true }> {
    assertSelf(user, dto.id);
    return this.commands.execute(new SubmitQuizCommand(dto.id, dto.answers));
  }
}
