import { MikroORM } from '@mikro-orm/core';
import { AccountUnsuspended, UserRepository } from '../../accounts/index.js';
import { Consumes, type EventConsumer } from '../../messaging/consumes.decorator.js';
import { ConnectionNews } from '../connection-news.js';
import { ConnectionRepository } from '../connection.repository.js';

/**
 * A lifted suspension brings the member's conversations back (the rows were kept): the people they talked with
 * were told `ended`, so each is told `connection` again, as for a new one, and their lists show it at once.
 * Only if the member is still back when this runs (a late or replayed event must not undo a new suspension).
 */
@Consumes(AccountUnsuspended)
export class ReopenConversationsWhenAccountReturns implements EventConsumer<AccountUnsuspended> {
  constructor(
    private readonly orm: MikroORM,
    private readonly connections: ConnectionRepository,
    private readonly users: UserRepository,
    private readonly news: ConnectionNews,
  ) {}

  async handle(event: AccountUnsuspended): Promise<void> {
    const em = this.orm.em.fork();
    const member = await this.users.findById(event.payload.userId, em);
    if (!member || member.suspendedAt) return;
    for (const { connectionId, otherId } of await this.connections.connectionsOf(em, member.id))
      this.news.reopened(connectionId, { id: member.id, name: member.name }, otherId);
  }
}
