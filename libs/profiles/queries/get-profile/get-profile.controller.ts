import { Controller, Get, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../../../shared/auth/current-user.decorator.js';
import type { AccessTokenClaims } from '../../../shared/auth/access-tokens.js';
import type { ProfileView } from '../../profile-view.js';
import { UserIdPipe } from '../../../shared/http/uuid-param.pipe.js';
import { GetProfileQuery } from './get-profile.query.js';

@ApiTags('profiles')
@ApiBearerAuth()
@Controller('user')
export class GetProfileController {
  constructor(private readonly queries: QueryBus) {}

  @Get('getProfile/:id')
  getProfile(
    @CurrentUser() user: AccessTokenClaims,
    @Param('id', UserIdPipe) id: string,
  ): Promise<ProfileView> {
    return this.queries.execute(new GetProfileQuery(user.id, id));
  }
}
