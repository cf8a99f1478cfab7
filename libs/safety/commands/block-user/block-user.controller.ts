import { Body, Controller, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../../../shared/auth/current-user.decorator.js';
import type { AccessTokenClaims } from '../../../shared/auth/access-tokens.js';
import { BlockUserCommand } from './block-user.command.js';
import { BlockUserDto } from './block-user.dto.js';

@ApiTags('safety')
@ApiBearerAuth()
@Controller('block')
export class BlockUserController {
  constructor(private readonly commands: CommandBus) {}

  @Post()
  block(@CurrentUser() user: AccessTokenClaims, @Body() dto: BlockUserDto): Promise<{ blocked: true }> {
    return this.commands.execute(new BlockUserCommand(user.id, dto.userId));
  }
}
