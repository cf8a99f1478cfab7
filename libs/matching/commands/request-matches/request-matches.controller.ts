import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { AccessTokenClaims } from '../../../shared/auth/access-tokens.js';
import { CurrentUser } from '../../../shared/auth/current-user.decorator.js';
import { assertSelf } from '../../../shared/auth/ownership.js';
import type { MatchSetView } from './match-set.view.js';
import { RequestMatchesCommand } from './request-matches.command.js';
import { RequestMatchesDto } from './request-matches.dto.js';

@ApiTags('matching')
@ApiBearerAuth()
@Controller('match')
export class RequestMatchesController {
  constructor(private readonly commands: CommandBus) {}

  /** Today's set: {best, medium, worst}, `{}` when nobody fits; 404 'no quiz' / 'no profile' when a step is missing. */
  @Post('new')
  @HttpCode(200)
  request(@CurrentUser() user: AccessTokenClaims, @Body() dto: RequestMatchesDto): Promise<MatchSetView> {
    assertSelf(user, dto.userId);
    return this.commands.execute(new RequestMatchesCommand(dto.userId));
  }
}
