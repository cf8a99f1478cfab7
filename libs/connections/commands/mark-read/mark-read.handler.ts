import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/core';
import { ConnectionAccess } from '../../connection-access.js';
import { ConnectionErrors } from '../../connection-errors.js';
import { ConnectionNews } from '../../connection-news.js';
import { ConnectionRepository } from '../../connection.repository.js';
import { MessageRepository } from '../../message.repository.js';
import { MarkReadCommand } from './mark-read.command.js';

/**
 * Read up to a message of the conversation; the other member is told (a read receipt) when the mark moved, so
 * a client repeating a read sends the other nothing.
 */
@CommandHandler(MarkReadCommand)
export class MarkReadHandler implements ICommandHandler<MarkReadCommand> {
  constructor(
    private readonly orm: MikroORM,
    private readonly access: ConnectionAccess,
    private readonly connections: ConnectionRepository,
    private readonly messages: MessageRepository,
    private readonly news: ConnectionNews,
  ) {}

  async execute({ userId, connectionId, messageId }: MarkReadCommand): Promise<void> {
    const { otherId, moved } = await this.orm.em.fork().transactional(async (em) => {
      const { connection, otherId } = await this.access.open(em, connectionId, userId);
      const seq = await this.messages.seqOf(em, connection.id, messageId);
      if (seq === undefined) throw ConnectionErrors.unknownMessage();
      return { otherId, moved: await this.connections.markRead(em, connection, userId, seq) };
    });
    if (moved) this.news.read(connectionId, messageId, userId, otherId);
  }
}
