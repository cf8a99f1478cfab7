import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../../../shared/auth/current-user.decorator.js';
import type { AccessTokenClaims } from '../../../shared/auth/access-tokens.js';
import { NameAccountCommand } from './name-account.command.js';
import { NameAccountDto } from './name-account.dto.js';

@ApiTags('accounts')
@ApiBearerAuth()
@Controller('account')
export class NameAccountController {
  constructor(private readonly commands: CommandBus) {}

  /** Asked at sign-in when the login answer says `nameRequired` (an account reclaimed by a reset). */
  @Post('name')
  @HttpCode(200)
  name(@CurrentUser() user: AccessTokenClaims, @Body() dto: NameAccountDto): Promise<{ name: string }> {
    return this.commands.execute(new NameAccountCommand(user.id, dto.name));
  }
}
