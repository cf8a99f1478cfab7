import { Body, Controller, Delete, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { UserIdPipe } from '../../../shared/http/uuid-param.pipe.js';
import { CurrentUser } from '../../../shared/auth/current-user.decorator.js';
import type { AccessTokenClaims } from '../../../shared/auth/access-tokens.js';
import { DeclineInterestCommand } from '../decline-interest/decline-interest.command.js';
import { WithdrawInterestCommand } from '../withdraw-interest/withdraw-interest.command.js';
import { ExpressInterestCommand, type InterestAnswer } from './express-interest.command.js';
import { InterestTargetDto } from './interest-target.dto.js';

@ApiTags('connections')
@ApiBearerAuth()
@Controller('interest')
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
