import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { Public } from '../../../shared/auth/public.decorator.js';
import { AuthThrottle } from '../../../shared/rate-limits/auth-throttle.interceptor.js';
import { AccountErrors } from '../../account-errors.js';
import { CheckResetLinkDto } from './check-reset-link.dto.js';
import { CheckResetLinkQuery } from './check-reset-link.query.js';

@ApiTags('accounts')
@Controller('password')
export class CheckResetLinkController {
  constructor(private readonly queries: QueryBus) {}

  /** 200 `{valid: true}`, or 400 `invalid token` for a wrong, used or expired link; throttled like the reset. */
  @Public()
  @AuthThrottle({
    account: 'id',
    secret: 'reset-token',
    failureCodes: [AccountErrors.invalidResetToken().code],
  })
  @Post('reset/check')
  @HttpCode(200)
  check(@Body() dto: CheckResetLinkDto): Promise<{ valid: true }> {
    return this.queries.execute(new CheckResetLinkQuery(dto.id, dto.token));
  }
}
