import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { Public } from '../../../shared/auth/public.decorator.js';
import { AuthThrottle } from '../../../shared/rate-limits/auth-throttle.interceptor.js';
import { RequestPasswordResetCommand } from './request-password-reset.command.js';
import { RequestPasswordResetDto } from './request-password-reset.dto.js';

@ApiTags('accounts')
@Controller('password')
export class RequestPasswordResetController {
  constructor(private readonly commands: CommandBus) {}

  @Public()
  @AuthThrottle({ account: 'email' })
  @Post('forgot')
  @HttpCode(202)
  forgot(@Body() dto: RequestPasswordResetDto): Promise<{ sent: true }> {
    return this.commands.execute(new RequestPasswordResetCommand(dto.email));
  }
}
