import { Body, Controller, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../../../shared/auth/current-user.decorator.js';
import { PerUserThrottle, tooManyRequests } from '../../../shared/http/per-user-throttle.js';
import type { AccessTokenClaims } from '../../../shared/auth/access-tokens.js';
import { ReportUserCommand } from './report-user.command.js';
import { ReportUserDto } from './report-user.dto.js';

@ApiTags('safety')
@ApiBearerAuth()
@Controller('report')
export class ReportUserController {
  constructor(private readonly commands: CommandBus) {}

  /** A member is shown three people a day; more reports than this in an hour is a flood, not moderation. */
  @PerUserThrottle('reports', 20, 60 * 60_000, tooManyRequests)
  @Post()
  report(@CurrentUser() user: AccessTokenClaims, @Body() dto: ReportUserDto): Promise<{ reported: true }> {
    const note = dto.note?.trim() ? dto.note.trim() : null;
    return this.commands.execute(
      new ReportUserCommand(user.id, dto.userId, dto.reason, note, dto.messageId ?? null),
    );
  }
}
