import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/core';
import { Outbox } from '../../../messaging/outbox.js';
import { ConnectionAccess } from '../../connection-access.js';
import { ConnectionNews } from '../../connection-news.js';
import { ConnectionRepository } from '../../connection.repository.js';
import { ConnectionEnded } from '../../events/connection-ended.event.js';
import { InterestRepository } from '../../interest.repository.js';
import { EndConnectionCommand } from './end-connection.command.js';

/**
 * Unmatch: the connection and its messages are deleted, the pair is recorded as ended (no new interest, and
 * matching, told by ConnectionEnded, never pairs them again), and both members' screens are told.
 */
@CommandHandler(EndConnectionCommand)
export class EndConnectionHandler implements ICommandHandler<EndConnectionCommand> {
  constructor(
    private readonly orm: MikroORM,
    private readonly access: ConnectionAccess,
    private readonly connections: ConnectionRepository,
    private readonly interests: InterestRepository,
    private readonly outbox: Outbox,
    private readonly news: ConnectionNews,
  ) {}

  async execute({ userId, connectionId }: EndConnectionCommand): Promise<void> {
    const otherId = await this.orm.em.fork().transactional(async (em) => {
      const { connection, otherId } = await this.access.open(em, connectionId, userId, true);
      await this.connections.remove(em, connection.id);
      await this.connections.endPair(em, userId, otherId);
      await this.interests.forgetPair(em, userId, otherId);
      this.outbox.record(em, new ConnectionEnded(userId, { connectionId, userId, otherId }));
      return otherId;
    });
    this.news.ended(connectionId, userId, otherId);
  }
}
