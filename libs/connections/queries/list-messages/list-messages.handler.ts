import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { MikroORM, type EntityManager } from '@mikro-orm/core';
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
    // Reads by key only (no entities): the global manager's connection, no fork and identity map per page.
    const em = this.orm.em;
    // The page is read beside the checks and answered only once they passed: one round less per page.
    const opened = this.access.open(em, query.connectionId, query.userId);
    const page = this.page(em, query);
    page.catch(() => undefined); // its error counts only for someone who may open the conversation
    await opened;
    return page;
  }

  private async page(
    em: EntityManager,
    query: ListMessagesQuery,
  ): Promise<{ messages: MessageView[]; more: boolean }> {
    let before: number | undefined;
    if (query.beforeMessageId) {
      before = await this.messages.seqOf(em, query.connectionId, query.beforeMessageId);
      if (before === undefined) throw ConnectionErrors.unknownMessage();
    }
    return this.messages.page(em, query.connectionId, before, query.limit);
  }
}
