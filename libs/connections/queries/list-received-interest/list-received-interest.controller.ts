import { Controller, Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../../../shared/auth/current-user.decorator.js';
import type { AccessTokenClaims } from '../../../shared/auth/access-tokens.js';
import { ListReceivedInterestQuery, type ReceivedInterestView } from './list-received-interest.query.js';

@ApiTags('connections')
@ApiBearerAuth()
@Controller('interest')
export class ListReceivedInterestController {
  constructor(private readonly queries: QueryBus) {}

  @Get('received')
  received(@CurrentUser() user: AccessTokenClaims): Promise<ReceivedInterestView[]> {
    return this.queries.execute(new ListReceivedInterestQuery(user.id));
  }
}
