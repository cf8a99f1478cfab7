import { MikroORM } from '@mikro-orm/core';
import { Consumes, type EventConsumer } from '../../messaging/consumes.decorator.js';
import { Outbox } from '../../messaging/outbox.js';
import { UserBlocked } from '../../safety/index.js';
import { ConnectionNews } from '../connection-news.js';
import { ConnectionRepository } from '../connection.repository.js';
import { ConnectionEnded } from '../events/connection-ended.event.js';
import { InterestRepository } from '../interest.repository.js';

/**
 * A block (or a report, which blocks) ends the pair's connection as unmatching does, and their interests. From
 * the moment of the block the conversation already answers 404 (ConnectionAccess asks safety); this removes it,
 * records the pair as ended (an unblock does not bring them together again) and tells both screens. Idempotent:
 * a block seen twice finds nothing left to remove.
 */
@Consumes(UserBlocked)
export class EndConnectionWhenBlocked implements EventConsumer<UserBlocked> {
  constructor(
    private readonly orm: MikroORM,
    private readonly connections: ConnectionRepository,
    private readonly interests: InterestRepository,
    private readonly outbox: Outbox,
    private readonly news: ConnectionNews,
  ) {}

  async handle(event: UserBlocked): Promise<void> {
    const { userId, blockedUserId } = event.payload;
    const ended = await this.orm.em.fork().transactional(async (em) => {
      const connection = await this.connections.between(em, userId, blockedUserId);
      if (connection) {
        await this.connections.remove(em, connection.id);
        await this.connections.endPair(em, userId, blockedUserId);
        this.outbox.record(
          em,
          new ConnectionEnded(userId, { connectionId: connection.id, userId, otherId: blockedUserId }),
        );
      }
      await this.interests.forgetPair(em, userId, blockedUserId);
      return connection;
    });
    if (ended) this.news.ended(ended.id, userId, blockedUserId);
  }
}
