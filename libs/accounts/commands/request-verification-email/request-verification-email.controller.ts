import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { Public } from '../../../shared/auth/public.decorator.js';
import { AuthThrottle } from '../../../shared/rate-limits/auth-throttle.interceptor.js';
import { RequestVerificationEmailCommand } from './request-verification-email.command.js';
import { RequestVerificationDto, ResendVerificationDto } from './request-verification-email.dto.js';

@ApiTags('accounts')
@Controller('register')
export class RequestVerificationEmailController {
  constructor(private readonly commands: CommandBus) {}

  @Public()
  @AuthThrottle({ account: 'id' })
  @Post('verify')
  @HttpCode(201)
  requestVerification(@Body() dto: RequestVerificationDto): Promise<{ sent: true }> {
    return this.commands.execute(new RequestVerificationEmailCommand(dto.id));
  }

  @Public()
  @AuthThrottle({ account: 'id' })
  @Post('resend')
  @HttpCode(201)
  resend(@Body() dto: ResendVerificationDto): Promise<{ sent: true }> {
    return this.commands.execute(new RequestVerificationEmailCommand(dto.id));
  }
}
