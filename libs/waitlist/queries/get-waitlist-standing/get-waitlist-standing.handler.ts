import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/core';
import { AppConfig } from '../../../config/app-config.js';
import { NotFoundError } from '../../../shared/domain-error.js';
import { WaitlistRepository } from '../../waitlist.repository.js';
import { GetWaitlistStandingQuery, type WaitlistView } from './get-waitlist-standing.query.js';

@QueryHandler(GetWaitlistStandingQuery)
export class GetWaitlistStandingHandler implements IQueryHandler<GetWaitlistStandingQuery> {
  constructor(
    private readonly orm: MikroORM,
    private readonly waitlist: WaitlistRepository,
    private readonly config: AppConfig,
  ) {}

  async execute(query: GetWaitlistStandingQuery): Promise<WaitlistView> {
    const standing = await this.waitlist.findStanding(query.userId, this.orm.em.fork());
    if (!standing) throw new NotFoundError('Account not found', 'account-not-found');
    return {
      position: standing.position,
      referralCount: standing.verifiedReferrals,
      shareLink: `${this.config.publicUrl}/signup?code=${encodeURIComponent(standing.referralCode)}`,
    };
  }
}
