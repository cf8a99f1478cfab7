import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/core';
import { Outbox } from '../../../messaging/outbox.js';
import { ConnectionAccess } from '../../connection-access.js';
import { ConnectionNews } from '../../connection-news.js';
import { ConnectionRepository } from '../../connection.repository.js';
import { MessageSent } from '../../events/message-sent.event.js';
import { MessageRepository, type MessageView } from '../../message.repository.js';
import { SendMessageCommand } from './send-message.command.js';

/** Stores the message (and its outbox row) before anyone is told; a repeated clientId is the first message. */
@CommandHandler(SendMessageCommand)
export class SendMessageHandler implements ICommandHandler<SendMessageCommand> {
  constructor(
    private readonly orm: MikroORM,
    private readonly access: ConnectionAccess,
    private readonly connections: ConnectionRepository,
    private readonly messages: MessageRepository,
    private readonly outbox: Outbox,
    private readonly news: ConnectionNews,
  ) {}

  async execute(command: SendMessageCommand): Promise<MessageView> {
    const { message, added, otherId } = await this.orm.em.fork().transactional(async (em) => {
      const { connection, otherId } = await this.access.open(em, command.connectionId, command.userId);
      const stored = await this.messages.add(em, {
        connectionId: connection.id,
        senderId: command.userId,
        text: command.text,
        clientId: command.clientId,
      });
      if (stored.added) {
        await this.connections.touch(em, connection.id);
        this.outbox.record(
          em,
          new MessageSent(command.userId, {
            connectionId: connection.id,
            messageId: stored.message.id,
            senderId: command.userId,
            recipientId: otherId,
          }),
        );
      }
      return { ...stored, otherId };
    });
    if (added) this.news.messageSent(command.connectionId, message, otherId);
    return message;
  }
}
