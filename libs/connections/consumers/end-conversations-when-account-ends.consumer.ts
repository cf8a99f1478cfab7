import { MikroORM } from '@mikro-orm/core';
import { AccountDeleted, AccountSuspended } from '../../accounts/index.js';
import { Consumes, type EventConsumer } from '../../messaging/consumes.decorator.js';
import { ConnectionNews } from '../connection-news.js';
import { ConnectionRepository } from '../connection.repository.js';

/**
 * A member suspended or deleted is unknown to the people they talked with from then on (404): each of them is
 * told `ended` for that conversation, as for an unmatch, so an open conversation screen says so at once
 * instead of at the next send. A suspension keeps the rows (they are back if it is lifted); a deletion's event
 * names the conversations its cascade removed.
 */
@Consumes(AccountSuspended, AccountDeleted)
export class EndConversationsWhenAccountEnds implements EventConsumer<AccountSuspended | AccountDeleted> {
  constructor(
    private readonly orm: MikroORM,
    private readonly connections: ConnectionRepository,
    private readonly news: ConnectionNews,
  ) {}

  async handle(event: AccountSuspended | AccountDeleted): Promise<void> {
    const ended =
      event instanceof AccountDeleted
        ? (event.payload.connections ?? [])
        : await this.connections.connectionsOf(this.orm.em.fork(), event.payload.userId);
    for (const { connectionId, otherId } of ended) this.news.ended(connectionId, otherId);
  }
}
