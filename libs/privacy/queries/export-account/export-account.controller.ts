import { Controller, Get, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentUser } from '../../../shared/auth/current-user.decorator.js';
import type { AccessTokenClaims } from '../../../shared/auth/access-tokens.js';
import type { AccountExport } from './account-export.js';
import { ExportAccountQuery } from './export-account.query.js';

@ApiTags('accounts')
@ApiBearerAuth()
@Controller('account')
export class ExportAccountController {
  constructor(private readonly queries: QueryBus) {}

  @Get('export')
  async export(
    @CurrentUser() user: AccessTokenClaims,
    @Res({ passthrough: true }) response: Response,
  ): Promise<AccountExport> {
    const data = await this.queries.execute(new ExportAccountQuery(user.id));
    response.attachment(`fated-data-${data.exportedAt.slice(0, 10)}.json`);
    response.type('application/json');
    return data;
  }
}
