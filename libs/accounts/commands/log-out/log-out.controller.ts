import { Controller, Get, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { AppConfig } from '../../../config/app-config.js';
import { Public } from '../../../shared/auth/public.decorator.js';
import { RefreshCookie } from '../../refresh-cookie.js';
import { LogOutCommand } from './log-out.command.js';

@ApiTags('accounts')
@Controller()
export class LogOutController {
  constructor(
    private readonly commands: CommandBus,
    private readonly config: AppConfig,
  ) {}

  @Public()
  @Get('logout')
  async logOut(
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<{ loggedOut: true }> {
    await this.commands.execute(new LogOutCommand(RefreshCookie.read(request)));
    RefreshCookie.clear(response, this.config);
    return { loggedOut: true };
  }
}
