import { Controller, Get, Headers, Param, Res, StreamableFile } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentUser } from '../../../shared/auth/current-user.decorator.js';
import type { AccessTokenClaims } from '../../../shared/auth/access-tokens.js';
import { UserIdPipe } from '../../../shared/http/uuid-param.pipe.js';
import { FetchImageQuery } from './fetch-image.query.js';

/** Private: the answer depends on who asks. Short: a new upload shows within five minutes everywhere. */
const CACHE_CONTROL = 'private, max-age=300';

@ApiTags('images')
@ApiBearerAuth()
@Controller('image')
export class FetchImageController {
  constructor(private readonly queries: QueryBus) {}

  @Get('fetch/:id')
  @ApiProduces('image/jpeg', 'image/webp', 'image/gif')
  async fetch(
    @CurrentUser() user: AccessTokenClaims,
    @Param('id', UserIdPipe) id: string,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<StreamableFile | undefined> {
    const image = await this.queries.execute(new FetchImageQuery(user.id, id, ifNoneMatch));
    response.setHeader('ETag', image.etag);
    response.setHeader('Cache-Control', CACHE_CONTROL);
    response.setHeader('Vary', 'Authorization');
    if (image.notModified) {
      response.status(304);
      return undefined;
    }
    return new StreamableFile(image.data, { type: image.contentType, length: image.data.length });
  }
}
