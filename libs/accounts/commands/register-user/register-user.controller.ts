import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { Public } from '../../../shared/auth/public.decorator.js';
import { AuthThrottle } from '../../../shared/rate-limits/auth-throttle.interceptor.js';
import { RegisterUserCommand } from './register-user.command.js';
import { RegisterUserDto } from './register-user.dto.js';

@ApiTags('accounts')
@Controller()
export class RegisterUserController {
  constructor(private readonly commands: CommandBus) {}

  @Public()
  @AuthThrottle({ account: 'email' })
  @Post('register')
  @HttpCode(201)
  register(@Body() dto: RegisterUserDto): Promise<{ id: string }> {
    return this.commands.execute(
      new RegisterUserCommand(dto.name, dto.email, dto.password, dto.code || undefined),
    );
  }
}
