import { Body, Controller, Get, Patch } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import { ApiBearerAuth, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { IsBoolean, ValidateIf } from 'class-validator';
import { CurrentUser } from '../shared/auth/current-user.decorator.js';
import type { AccessTokenClaims } from '../shared/auth/access-tokens.js';
import {
  NotificationSettingsRepository,
  type NotificationSettings,
} from './notification-settings.repository.js';

/** Each setting may be left out, but not sent as null (IsOptional would let null through to the database). */
const unlessLeftOut = ValidateIf((_: object, value: unknown) => value !== undefined);

export class NotificationSettingsDto {
  @ApiPropertyOptional({ description: "Email me when it's mutual" })
  @unlessLeftOut
  @IsBoolean({ message: 'mutual must be true or false' })
  mutual?: boolean;

  @ApiPropertyOptional({ description: 'Email me about new messages' })
  @unlessLeftOut
  @IsBoolean({ message: 'messages must be true or false' })
  messages?: boolean;
}

/** Settings → Notifications: a member's two mail choices (both on by default). */
@ApiTags('connections')
@ApiBearerAuth()
@Controller('account/notifications')
export class NotificationsController {
  constructor(
    private readonly orm: MikroORM,
    private readonly settings: NotificationSettingsRepository,
  ) {}

  @Get()
  get(@CurrentUser() user: AccessTokenClaims): Promise<NotificationSettings> {
    return this.settings.of(this.orm.em.fork(), user.id);
  }

  @Patch()
  update(
    @CurrentUser() user: AccessTokenClaims,
    @Body() dto: NotificationSettingsDto,
  ): Promise<NotificationSettings> {
    const change: Partial<NotificationSettings> = {};
    if (dto.mutual !== undefined) change.mutual = dto.mutual;
    if (dto.messages !== undefined) change.messages = dto.messages;
    return this.settings.save(this.orm.em.fork(), user.id, change);
  }
}
