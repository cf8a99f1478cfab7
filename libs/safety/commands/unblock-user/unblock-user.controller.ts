import { Controller, Delete, HttpCode, Param } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../../../shared/auth/current-user.decorator.js';
import type { AccessTokenClaims } from '../../../shared/auth/access-tokens.js';
import { UserIdPipe } from '../../../shared/http/uuid-param.pipe.js';
import { UnblockUserCommand } from './unblock-user.command.js';

@ApiTags('safety')
@ApiBearerAuth()
@Controller('block')
export class UnblockUserController {
  constructor(private readonly commands: CommandBus) {}

  @Delete(':userId')
  @HttpCode(204)
  async unblock(
    @CurrentUser() user: AccessTokenClaims,
    @Param('userId', UserIdPipe) userId: string,
  ): Promise<void> {
    await this.commands.execute(new UnblockUserCommand(user.id, userId));
  }
}
