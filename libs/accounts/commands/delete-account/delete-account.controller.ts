import { Body, Controller, Delete, HttpCode, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { AppConfig } from '../../../config/app-config.js';
import { CurrentUser } from '../../../shared/auth/current-user.decorator.js';
import type { AccessTokenClaims } from '../../../shared/auth/access-tokens.js';
import { AccountErrors } from '../../account-errors.js';
import { AuthThrottle } from '../../../shared/rate-limits/auth-throttle.interceptor.js';
import { RefreshCookie } from '../../refresh-cookie.js';
import { DeleteAccountCommand } from './delete-account.command.js';
import { DeleteAccountDto } from './delete-account.dto.js';

@ApiTags('accounts')
@ApiBearerAuth()
@Controller('account')
export class DeleteAccountController {
  constructor(
    private readonly commands: CommandBus,
    private readonly config: AppConfig,
  ) {}

  @AuthThrottle({ account: 'email', secret: 'password', failureCodes: [AccountErrors.wrongPassword().code] })
  @Delete()
  @HttpCode(204)
  async delete(
    @CurrentUser() user: AccessTokenClaims,
    @Body() dto: DeleteAccountDto,
    @Res({ passthrough: true }) response: Response,
  ): Promise<void> {
    await this.commands.execute(new DeleteAccountCommand(user.id, dto.password));
    RefreshCookie.clear(response, this.config);
  }
}
