import { randomUUID } from 'node:crypto';
import { Optional } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/core';
import { Outbox } from '../../../messaging/outbox.js';
import { ConnectionAccess } from '../../connection-access.js';
import { ConnectionNews } from '../../connection-news.js';
import { MessageSent } from '../../events/message-sent.event.js';
import { MessageRepository, type MessageView } from '../../message.repository.js';
import { SendMessageCommand } from './send-message.command.js';
import { Metrics } from '../../../shared/observability/metrics.js';

/**
 * Stores the message and its outbox row, in one statement, before anyone is told; a repeated clientId is the
 * first message.
 */
@CommandHandler(SendMessageCommand)
export class SendMessageHandler implements ICommandHandler<SendMessageCommand> {
  constructor(
    private readonly orm: MikroORM,
    private readonly access: ConnectionAccess,
    private readonly messages: MessageRepository,
    private readonly outbox: Outbox,
    private readonly news: ConnectionNews,
    @Optional() private readonly metrics?: Metrics,
  ) {}

  async execute(command: SendMessageCommand): Promise<MessageView> {
    const em = this.orm.em.fork();
    // A block that lands between the check and the write counts from the next message, as if it came a
    // moment later.
    const { connection, otherId } = await this.access.open(em, command.connectionId, command.userId);
    const id = randomUUID();
    // Stored as published where no consumer needs it relayed (the embedded default).
    const events = this.outbox.rowsOf([
      new MessageSent(command.userId, {
        connectionId: connection.id,
        messageId: id,
        senderId: command.userId,
        recipientId: otherId,
      }),
    ]);
    const { message, added } = await this.messages.add(
      em,
      {
        id,
        connectionId: connection.id,
        senderId: command.userId,
        text: command.text,
        clientId: command.clientId,
      },
      events,
    );
    if (added) {
      this.outbox.written(em, events);
      this.metrics?.messagesSent.inc();
      this.news.messageSent(command.connectionId, message, otherId);
    }
    return message;
  }
}
