import { Body, Controller, Headers, Post, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { AppConfig } from '../../../config/app-config.js';
import { bearerToken } from '../../../shared/auth/access-token.guard.js';
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

  /**
   * `{changed, accessToken}`, and the new sign-in's refresh cookie: every other sign-in has ended; the access
   * token this was asked with works until it expires.
   */
  @AuthThrottle({ account: 'email', secret: 'password', failureCodes: [AccountErrors.wrongPassword().code] })
  @Post('change')
  async change(
    @CurrentUser() user: AccessTokenClaims,
    @Body() dto: ChangePasswordDto,
    @Headers('authorization') authorization: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<Omit<PasswordChanged, 'refreshToken' | 'persistent'>> {
    const { refreshToken, persistent, ...changed } = await this.commands.execute(
      new ChangePasswordCommand(
        user.id,
        dto.currentPassword,
        dto.newPassword,
        bearerToken(authorization),
        user.signInId,
      ),
    );
    RefreshCookie.set(response, this.config, refreshToken, persistent);
    return changed;
  }
}
