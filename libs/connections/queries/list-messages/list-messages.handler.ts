import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/core';
import { ConnectionAccess } from '../../connection-access.js';
import { ConnectionErrors } from '../../connection-errors.js';
import { MessageRepository, type MessageView } from '../../message.repository.js';
import { ListMessagesQuery } from './list-messages.query.js';

/** A page of history: the newest first page, `before` pages back; each page in the order sent. */
@QueryHandler(ListMessagesQuery)
export class ListMessagesHandler implements IQueryHandler<ListMessagesQuery> {
  constructor(
    private readonly orm: MikroORM,
    private readonly access: ConnectionAccess,
    private readonly messages: MessageRepository,
  ) {}

  async execute(query: ListMessagesQuery): Promise<{ messages: MessageView[]; more: boolean }> {
    const em = this.orm.em.fork();
    const { connection } = await this.access.open(em, query.connectionId, query.userId);
    let before: number | undefined;
    if (query.beforeMessageId) {
      before = await this.messages.seqOf(em, connection.id, query.beforeMessageId);
      if (before === undefined) throw ConnectionErrors.unknownMessage();
    }
    return this.messages.page(em, connection.id, before, query.limit);
  }
}
