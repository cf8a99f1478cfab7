import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../../../shared/auth/current-user.decorator.js';
import type { AccessTokenClaims } from '../../../shared/auth/access-tokens.js';
import { assertSelf } from '../../../shared/auth/ownership.js';
import { PerUserThrottle, tooManyRequests } from '../../../shared/http/per-user-throttle.js';
import type { ProfileView } from '../../profile-view.js';
import { SetProfileCommand } from './set-profile.command.js';
import { SetProfileDto } from './set-profile.dto.js';

@ApiTags('profiles')
@ApiBearerAuth()
@Controller('user')
export class SetProfileController {
  constructor(private readonly commands: CommandBus) {}

  // Every save re-embeds the bio: a budget per account keeps one client from queueing that work without end.
  @PerUserThrottle('profile saves', 60, 10 * 60_000, tooManyRequests)
  @Post('setProfile')
  @HttpCode(200)
  setProfile(@CurrentUser() user: AccessTokenClaims, @Body() dto: SetProfileDto): Promise<ProfileView> {
    assertSelf(user, dto.id);
    const { id, ...fields } = dto;
    return this.commands.execute(new SetProfileCommand(id, fields));
  }
}
