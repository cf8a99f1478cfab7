import { Body, Controller, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { CurrentUser } from '../../../shared/auth/current-user.decorator.js';
import type { AccessTokenClaims } from '../../../shared/auth/access-tokens.js';
import { AccountErrors } from '../../account-errors.js';
import { AuthThrottle } from '../../../shared/rate-limits/auth-throttle.interceptor.js';
import { RefreshCookie } from '../../refresh-cookie.js';
import { ChangePasswordCommand } from './change-password.command.js';
import { ChangePasswordDto } from './change-password.dto.js';

@ApiTags('accounts')
@ApiBearerAuth()
@Controller('password')
export class ChangePasswordController {
  constructor(private readonly commands: CommandBus) {}

  @AuthThrottle({ failureCodes: [AccountErrors.wrongPassword().code] })
  @Post('change')
  change(
    @CurrentUser() user: AccessTokenClaims,
    @Body() dto: ChangePasswordDto,
    @Req() request: Request,
  ): Promise<{ changed: true }> {
    return this.commands.execute(
      new ChangePasswordCommand(user.id, dto.currentPassword, dto.newPassword, RefreshCookie.read(request)),
    );
  }
}
