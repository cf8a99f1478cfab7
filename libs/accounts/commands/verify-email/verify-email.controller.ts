import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { Public } from '../../../shared/auth/public.decorator.js';
import { AccountErrors } from '../../account-errors.js';
import { AuthThrottle } from '../../../shared/rate-limits/auth-throttle.interceptor.js';
import { VerifyEmailCommand } from './verify-email.command.js';
import { VerifyEmailDto } from './verify-email.dto.js';

@ApiTags('accounts')
@Controller()
export class VerifyEmailController {
  constructor(private readonly commands: CommandBus) {}

  @Public()
  @AuthThrottle({ account: 'id', failureCodes: [AccountErrors.invalidVerificationToken().code] })
  @Post('verification')
  @HttpCode(201)
  verify(@Body() dto: VerifyEmailDto): Promise<{ verified: true }> {
    return this.commands.execute(new VerifyEmailCommand(dto.id, dto.emailToken));
  }
}
