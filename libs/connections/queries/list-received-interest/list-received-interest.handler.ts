import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/core';
import { PairAsSeen } from '../../../matching/index.js';
import { ConnectionAccess } from '../../connection-access.js';
import { InterestRepository } from '../../interest.repository.js';
import { People } from '../../people.js';
import { ListReceivedInterestQuery, type ReceivedInterestView } from './list-received-interest.query.js';

/**
 * Who is interested in the member and not yet answered, newest first, each as their card: name, photo, the
 * pair's percent and its summary written for the member.
 */
@QueryHandler(ListReceivedInterestQuery)
export class ListReceivedInterestHandler implements IQueryHandler<ListReceivedInterestQuery> {
  constructor(
    private readonly orm: MikroORM,
    private readonly interests: InterestRepository,
    private readonly access: ConnectionAccess,
    private readonly people: People,
    private readonly pairs: PairAsSeen,
  ) {}

  async execute({ userId }: ListReceivedInterestQuery): Promise<ReceivedInterestView[]> {
    const em = this.orm.em.fork();
    const received = await this.interests.receivedBy(em, userId);
    const ids = received.map((interest) => interest.userId);
    const [present, people] = await Promise.all([
      this.access.presentAmong(em, userId, ids),
      this.people.of(em, ids),
    ]);
    const views: ReceivedInterestView[] = [];
    for (const interest of received) {
      const person = people.get(interest.userId);
      if (!present.has(interest.userId) || !person) continue;
      const pick = await this.pairs.of(em, userId, interest.userId);
      views.push({
        userId: interest.userId,
        ...person,
        percent: pick?.percent ?? 0,
        summary: pick?.summary ?? '',
        at: interest.at,
      });
    }
    return views;
  }
}
