import { Controller, Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../../../shared/auth/current-user.decorator.js';
import type { AccessTokenClaims } from '../../../shared/auth/access-tokens.js';
import type { BlockedPerson } from '../../block.repository.js';
import { ListBlocksQuery } from './list-blocks.query.js';

@ApiTags('safety')
@ApiBearerAuth()
@Controller('block')
export class ListBlocksController {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  list(@CurrentUser() user: AccessTokenClaims): Promise<BlockedPerson[]> {
    return this.queries.execute(new ListBlocksQuery(user.id));
  }
}
