import { Controller, Get, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../../../shared/auth/current-user.decorator.js';
import type { AccessTokenClaims } from '../../../shared/auth/access-tokens.js';
import { assertSelf } from '../../../shared/auth/ownership.js';
import { PerUserThrottle, tooManyRequests } from '../../../shared/http/per-user-throttle.js';
import { UserIdPipe } from '../../../shared/http/uuid-param.pipe.js';
import { GetWaitlistStandingQuery, type WaitlistView } from './get-waitlist-standing.query.js';

@ApiTags('waitlist')
@ApiBearerAuth()
@Controller('waitlist')
export class GetWaitlistStandingController {
  constructor(private readonly queries: QueryBus) {}

  @PerUserThrottle('waitlist reads', 120, 60_000, tooManyRequests)
  @Get(':id')
  getStanding(
    @CurrentUser() user: AccessTokenClaims,
    @Param('id', UserIdPipe) id: string,
  ): Promise<WaitlistView> {
    assertSelf(user, id);
    return this.queries.execute(new GetWaitlistStandingQuery(id, true));
  }
}
