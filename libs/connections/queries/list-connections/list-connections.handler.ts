import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/core';
import { ConnectionAccess } from '../../connection-access.js';
import { ConnectionRepository } from '../../connection.repository.js';
import { People } from '../../people.js';
import { ListConnectionsQuery, type ConnectionView } from './list-connections.query.js';

/** The member's conversations, most recent activity first; anyone no longer there for them is left out. */
@QueryHandler(ListConnectionsQuery)
export class ListConnectionsHandler implements IQueryHandler<ListConnectionsQuery> {
  constructor(
    private readonly orm: MikroORM,
    private readonly connections: ConnectionRepository,
    private readonly access: ConnectionAccess,
    private readonly people: People,
  ) {}

  async execute({ userId }: ListConnectionsQuery): Promise<ConnectionView[]> {
    // Reads by key only (no entities): the global manager's connection, no fork and identity map per list.
    const em = this.orm.em;
    const summaries = await this.connections.summariesOf(em, userId);
    const others = summaries.map((summary) => summary.otherId);
    const [present, people] = await Promise.all([
      this.access.presentAmong(em, userId, others),
      this.people.of(em, others),
    ]);
    return summaries.flatMap(({ otherId, ...summary }) => {
      const person = people.get(otherId);
      if (!present.has(otherId) || !person) return [];
      return [
        {
          id: summary.id,
          userId: otherId,
          name: person.name,
          imageUrl: person.imageUrl,
          connectedAt: summary.connectedAt,
          lastMessage: summary.lastMessage,
          unread: summary.unread,
        },
      ];
    });
  }
}
