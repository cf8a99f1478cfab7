import { Body, Controller, Post, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { AppConfig } from '../../../config/app-config.js';
import { CurrentUser } from '../../../shared/auth/current-user.decorator.js';
import type { AccessTokenClaims } from '../../../shared/auth/access-tokens.js';
import { AccountErrors } from '../../account-errors.js';
import { AuthThrottle } from '../../../shared/rate-limits/auth-throttle.interceptor.js';
import { RefreshCookie } from '../../refresh-cookie.js';
import { ChangePasswordCommand, type PasswordChanged } from './change-password.command.js';
import { ChangePasswordDto } from './change-password.dto.js';

@ApiTags('accounts')
@ApiBearerAuth()
@Controller('password')
export class ChangePasswordController {
  constructor(
    private readonly commands: CommandBus,
    private readonly config: AppConfig,
  ) {}

  /** `{changed, accessToken}`, and the new sign-in's refresh cookie: the old tokens no longer work. */
  @AuthThrottle({ account: 'id', failureCodes: [AccountErrors.wrongPassword().code] })
  @Post('change')
  async change(
    @CurrentUser() user: AccessTokenClaims,
    @Body() dto: ChangePasswordDto,
    @Res({ passthrough: true }) response: Response,
  ): Promise<Omit<PasswordChanged, 'refreshToken'>> {
    const { refreshToken, ...changed } = await this.commands.execute(
      new ChangePasswordCommand(user.id, dto.currentPassword, dto.newPassword),
    );
    RefreshCookie.set(response, this.config, refreshToken);
    return changed;
  }
}
