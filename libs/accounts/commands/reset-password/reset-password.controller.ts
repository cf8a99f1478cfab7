import { Body, Controller, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { Public } from '../../../shared/auth/public.decorator.js';
import { AccountErrors } from '../../account-errors.js';
import { AuthThrottle } from '../../../shared/rate-limits/auth-throttle.interceptor.js';
import { ResetPasswordCommand } from './reset-password.command.js';
import { ResetPasswordDto } from './reset-password.dto.js';

@ApiTags('accounts')
@Controller('password')
export class ResetPasswordController {
  constructor(private readonly commands: CommandBus) {}

  @Public()
  @AuthThrottle({
    account: 'id',
    secret: 'reset-token',
    failureCodes: [AccountErrors.invalidResetToken().code],
  })
  @Post('reset')
  reset(@Body() dto: ResetPasswordDto): Promise<{ reset: true }> {
    return this.commands.execute(new ResetPasswordCommand(dto.id, dto.token, dto.password));
  }
}
