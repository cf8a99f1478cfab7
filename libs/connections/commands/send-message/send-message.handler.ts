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

/** Stores the message (and its outbox row) before anyone is told; a repeated clientId is the first message. */
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
    // The check reads outside the write's transaction, where they are prepared and shared with the requests in
    // flight; a block that lands between the two counts from the next message, as if it came a moment later.
    const { connection, otherId } = await this.access.open(
      this.orm.em.fork(),
      command.connectionId,
      command.userId,
    );
    const { message, added } = await this.orm.em.fork().transactional(async (em) => {
      const stored = await this.messages.add(em, {
        connectionId: connection.id,
        senderId: command.userId,
        text: command.text,
        clientId: command.clientId,
      });
      // One statement, and stored as published where no consumer needs it relayed (the embedded default):
      // a conversation's pace of writes, not the unit of work's.
      if (stored.added) {
        await this.outbox.recordMany(em, [
          new MessageSent(command.userId, {
            connectionId: connection.id,
            messageId: stored.message.id,
            senderId: command.userId,
            recipientId: otherId,
          }),
        ]);
      }
      return stored;
    });
    if (added) {
      this.metrics?.messagesSent.inc();
      this.news.messageSent(command.connectionId, message, otherId);
    }
    return message;
  }
}
