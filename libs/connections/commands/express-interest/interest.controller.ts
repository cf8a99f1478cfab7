import { Body, Controller, Delete, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { PerUserThrottle, tooManyRequests } from '../../../shared/http/per-user-throttle.js';
import { UserIdPipe } from '../../../shared/http/uuid-param.pipe.js';
import { CurrentUser } from '../../../shared/auth/current-user.decorator.js';
import type { AccessTokenClaims } from '../../../shared/auth/access-tokens.js';
import { DeclineInterestCommand } from '../decline-interest/decline-interest.command.js';
import { WithdrawInterestCommand } from '../withdraw-interest/withdraw-interest.command.js';
import { ExpressInterestCommand, type InterestAnswer } from './express-interest.command.js';
import { InterestTargetDto } from './interest-target.dto.js';

/** Interest said, answered or withdrawn per member and minute. */
export const INTEREST_PER_MINUTE = 60;

@ApiTags('connections')
@ApiBearerAuth()
@Controller('interest')
// One budget for saying, answering and withdrawing interest: each is a transaction with locks on two members'
// rows, and a member clicks a few a minute; a client firing hundreds at once slowed everyone's reads.
@PerUserThrottle('interest', INTEREST_PER_MINUTE, 60_000, tooManyRequests)
export class InterestController {
  constructor(private readonly commands: CommandBus) {}

  @Post()
  express(@CurrentUser() user: AccessTokenClaims, @Body() dto: InterestTargetDto): Promise<InterestAnswer> {
    return this.commands.execute(new ExpressInterestCommand(user.id, dto.userId));
  }

  /** "Not for me": the interested person is never told. */
  @Post('decline')
  @HttpCode(204)
  async decline(@CurrentUser() user: AccessTokenClaims, @Body() dto: InterestTargetDto): Promise<void> {
    await this.commands.execute(new DeclineInterestCommand(user.id, dto.userId));
  }

  @Delete(':userId')
  @HttpCode(204)
  async withdraw(
    @CurrentUser() user: AccessTokenClaims,
    @Param('userId', UserIdPipe) userId: string,
  ): Promise<void> {
    await this.commands.execute(new WithdrawInterestCommand(user.id, userId));
  }
}
