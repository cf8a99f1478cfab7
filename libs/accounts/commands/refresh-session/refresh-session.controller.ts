import { Controller, Get, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { AppConfig } from '../../../config/app-config.js';
import { Public } from '../../../shared/auth/public.decorator.js';
import { RefreshCookie } from '../../refresh-cookie.js';
import { RefreshSessionCommand } from './refresh-session.command.js';

@ApiTags('accounts')
@Controller()
export class RefreshSessionController {
  constructor(
    private readonly commands: CommandBus,
    private readonly config: AppConfig,
  ) {}

  @Public()
  @Get('refresh')
  async refresh(@Req() request: Request, @Res({ passthrough: true }) response: Response) {
    try {
      const { refreshToken, persistent, ...refreshed } = await this.commands.execute(
        new RefreshSessionCommand(RefreshCookie.read(request)),
      );
      RefreshCookie.set(response, this.config, refreshToken, persistent);
      return refreshed;
    } catch (error) {
      RefreshCookie.clear(response, this.config);
      throw error;
    }
  }
}
