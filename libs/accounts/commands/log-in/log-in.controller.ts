import { Body, Controller, HttpCode, Post, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { AppConfig } from '../../../config/app-config.js';
import { Public } from '../../../shared/auth/public.decorator.js';
import { AccountErrors } from '../../account-errors.js';
import { AuthThrottle } from '../../../shared/rate-limits/auth-throttle.interceptor.js';
import { RefreshCookie } from '../../refresh-cookie.js';
import { LogInCommand } from './log-in.command.js';
import { LogInDto } from './log-in.dto.js';

@ApiTags('accounts')
@Controller()
export class LogInController {
  constructor(
    private readonly commands: CommandBus,
    private readonly config: AppConfig,
  ) {}

  @Public()
  @AuthThrottle({
    account: 'email',
    secret: 'password',
    failureCodes: [AccountErrors.wrongCredentials().code],
  })
  @Post('login')
  @HttpCode(200)
  async logIn(@Body() dto: LogInDto, @Res({ passthrough: true }) response: Response) {
    const { refreshToken, persistent, ...signedIn } = await this.commands.execute(
      new LogInCommand(dto.email, dto.password, dto.persist ?? true),
    );
    RefreshCookie.set(response, this.config, refreshToken, persistent);
    return signedIn;
  }
}
