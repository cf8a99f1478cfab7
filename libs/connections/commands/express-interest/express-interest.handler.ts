import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM, type EntityManager } from '@mikro-orm/core';
import { UserRepository } from '../../../accounts/index.js';
import { AppConfig } from '../../../config/app-config.js';
import { addDays, calendarDay, MatchHistory } from '../../../matching/index.js';
import { Outbox } from '../../../messaging/outbox.js';
import { ConnectionAccess } from '../../connection-access.js';
import { ConnectionErrors } from '../../connection-errors.js';
import { ConnectionRepository } from '../../connection.repository.js';
import { ConnectionMade } from '../../events/connection-made.event.js';
import { InterestExpressed } from '../../events/interest-expressed.event.js';
import { InterestRepository } from '../../interest.repository.js';
import { ConnectionNews } from '../../connection-news.js';
import { ExpressInterestCommand, type InterestAnswer } from './express-interest.command.js';

/** How far back a set's people may still be told "I'm interested": today and the 29 days before. */
const INTEREST_WINDOW_DAYS = 30;

/**
 * "I'm interested": allowed for someone from your sets of the last 30 days, or someone interested in you
 * (then it is mutual and makes a connection). Anyone else, and anyone blocked, unmatched, suspended or deleted,
 * is unknown (404). Idempotent: the same answer again.
 */
@CommandHandler(ExpressInterestCommand)
export class ExpressInterestHandler implements ICommandHandler<ExpressInterestCommand> {
  constructor(
    private readonly orm: MikroORM,
    private readonly config: AppConfig,
    private readonly users: UserRepository,
    private readonly matchSets: MatchHistory,
    private readonly access: ConnectionAccess,
    private readonly interests: InterestRepository,
    private readonly connections: ConnectionRepository,
    private readonly outbox: Outbox,
    private readonly news: ConnectionNews,
  ) {}

  async execute({ userId, targetId }: ExpressInterestCommand): Promise<InterestAnswer> {
    if (userId === targetId) throw ConnectionErrors.selfInterest();
    const outcome = await this.orm.em.fork().transactional(async (em) => {
      await this.connections.lockPair(em, userId, targetId);
      // Already connected counts as a reason of its own: the interest rows went when the pair connected, and
      // the one who answered "Interested too" may never have been shown the other (a repeat must not be 404).
      const existing = await this.connections.between(em, userId, targetId);
      if (!(await this.mayAddress(em, userId, targetId, Boolean(existing))))
        throw ConnectionErrors.unknownPerson();
      if (existing) return { connectionId: existing.id, news: 'none' as const };
      const added = await this.interests.add(em, userId, targetId);
      if (!(await this.interests.exists(em, targetId, userId))) {
        if (added) this.outbox.record(em, new InterestExpressed(userId, { userId, targetId }));
        return { connectionId: undefined, news: added ? ('interest' as const) : ('none' as const) };
      }
      const { id, made } = await this.connections.connect(em, userId, targetId);
      await this.interests.forgetPair(em, userId, targetId);
      if (made)
        this.outbox.record(em, new ConnectionMade(userId, { connectionId: id, userIds: [userId, targetId] }));
      return { connectionId: id, news: made ? ('connection' as const) : ('none' as const) };
    });
    if (outcome.news === 'interest') this.news.interestExpressed(userId, targetId);
    if (outcome.news === 'connection') this.news.connectionMade(outcome.connectionId!, userId, targetId);
    return outcome.connectionId
      ? { interested: true, mutual: true, connectionId: outcome.connectionId }
      : { interested: true, mutual: false };
  }

  /** Someone still there for the asker, and connected with them, shown to them lately or interested in them. */
  private async mayAddress(
    em: EntityManager,
    userId: string,
    targetId: string,
    connected: boolean,
  ): Promise<boolean> {
    const today = calendarDay(new Date(), this.config.timeZone);
    const [present, ended, shown, interestedInMe, exists] = await Promise.all([
      this.access.presentAmong(em, userId, [targetId]),
      this.connections.ended(em, userId, targetId),
      this.matchSets.wasShownSince(em, userId, targetId, addDays(today, -(INTEREST_WINDOW_DAYS - 1))),
      this.interests.exists(em, targetId, userId),
      this.users.findById(targetId, em),
    ]);
    return Boolean(exists) && present.has(targetId) && !ended && (connected || shown || interestedInMe);
  }
}
