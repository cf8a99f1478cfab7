import { MikroORM } from '@mikro-orm/core';
import { AccountUnsuspended } from '../../accounts/index.js';
import { Consumes, type EventConsumer } from '../../messaging/consumes.decorator.js';
import { ConnectionNews } from '../connection-news.js';
import { ConnectionRepository } from '../connection.repository.js';

/**
 * A lifted suspension brings the member's conversations back (the rows were kept): the people they talked with
 * were told `ended`, so each is told `connection` again, as for a new one, and their lists show it at once.
 */
@Consumes(AccountUnsuspended)
export class ReopenConversationsWhenAccountReturns implements EventConsumer<AccountUnsuspended> {
  constructor(
    private readonly orm: MikroORM,
    private readonly connections: ConnectionRepository,
    private readonly news: ConnectionNews,
  ) {}

  async handle(event: AccountUnsuspended): Promise<void> {
    const { userId } = event.payload;
    for (const { connectionId, otherId } of await this.connections.connectionsOf(this.orm.em.fork(), userId))
      this.news.reopened(connectionId, userId, otherId);
  }
}
