import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../shared/auth/current-user.decorator.js';
import type { AccessTokenClaims } from '../shared/auth/access-tokens.js';
import { uuidParam } from '../shared/http/uuid-param.pipe.js';
import { EndConnectionCommand } from './commands/end-connection/end-connection.command.js';
import { MarkReadCommand } from './commands/mark-read/mark-read.command.js';
import { MarkReadDto } from './commands/mark-read/mark-read.dto.js';
import { SendMessageCommand } from './commands/send-message/send-message.command.js';
import { SendMessageDto } from './commands/send-message/send-message.dto.js';
import type { MessageView } from './message.repository.js';
import {
  ListConnectionsQuery,
  type ConnectionView,
} from './queries/list-connections/list-connections.query.js';
import { ListMessagesDto } from './queries/list-messages/list-messages.dto.js';
import { ListMessagesQuery } from './queries/list-messages/list-messages.query.js';
import { PerUserThrottle, tooManyRequests } from '../shared/http/per-user-throttle.js';

const ConnectionIdPipe = uuidParam('Invalid conversation id');

/** A member's conversations. Anyone outside one gets 404 for it, whatever they ask. */
/** Read marks per member and minute. */
export const READ_MARKS_PER_MINUTE = 300;

@ApiTags('connections')
@ApiBearerAuth()
@Controller('connections')
export class ConnectionsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get()
  list(@CurrentUser() user: AccessTokenClaims): Promise<ConnectionView[]> {
    return this.queries.execute(new ListConnectionsQuery(user.id));
  }

  @Get(':id/messages')
  messages(
    @CurrentUser() user: AccessTokenClaims,
    @Param('id', ConnectionIdPipe) id: string,
    @Query() page: ListMessagesDto,
  ): Promise<{ messages: MessageView[]; more: boolean }> {
    return this.queries.execute(new ListMessagesQuery(user.id, id, page.before, page.limit ?? 50));
  }

  /** 30 messages a minute per member, counted by the command (a retry or a refused text is not a message). */
  @Post(':id/messages')
  send(
    @CurrentUser() user: AccessTokenClaims,
    @Param('id', ConnectionIdPipe) id: string,
    @Body() dto: SendMessageDto,
  ): Promise<MessageView> {
    return this.commands.execute(new SendMessageCommand(user.id, id, dto.text, dto.clientId ?? null));
  }

  // A read mark follows each message the member sees (each sender at most 30 a minute): the budget only stops
  // a client that sends them in a loop, each a write and a socket event.
  @Post(':id/read')
  @HttpCode(204)
  @PerUserThrottle('read marks', READ_MARKS_PER_MINUTE, 60_000, tooManyRequests)
  async read(
    @CurrentUser() user: AccessTokenClaims,
    @Param('id', ConnectionIdPipe) id: string,
    @Body() dto: MarkReadDto,
  ): Promise<void> {
    await this.commands.execute(new MarkReadCommand(user.id, id, dto.messageId));
  }

  /** Unmatch. */
  @Delete(':id')
  @HttpCode(204)
  async end(
    @CurrentUser() user: AccessTokenClaims,
    @Param('id', ConnectionIdPipe) id: string,
  ): Promise<void> {
    await this.commands.execute(new EndConnectionCommand(user.id, id));
  }
}
