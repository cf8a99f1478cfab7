import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { WaitlistStandings } from '../../../accounts/index.js';
import { AppConfig } from '../../../config/app-config.js';
import { DomainError, NotFoundError } from '../../../shared/domain-error.js';
import { PLACES_PER_VERIFIED_REFERRAL } from '../../waitlist-ranking.js';
import { GetWaitlistStandingQuery, type WaitlistView } from './get-waitlist-standing.query.js';

@QueryHandler(GetWaitlistStandingQuery)
export class GetWaitlistStandingHandler implements IQueryHandler<GetWaitlistStandingQuery> {
  constructor(
    private readonly standings: WaitlistStandings,
    private readonly config: AppConfig,
  ) {}

  async execute(query: GetWaitlistStandingQuery): Promise<WaitlistView> {
    // The ranks are accounts' facts (kept by triggers on app_user); the rule's number of places is ours.
    const standing = await this.standings.standingOf(query.userId, PLACES_PER_VERIFIED_REFERRAL);
    if (!standing) throw new NotFoundError('Account not found', 'account-not-found');
    // Quiz, match and waitlist need a verified email (the spec's roles).
    if (query.asMember && !standing.emailVerified)
      throw new DomainError(
        'forbidden',
        'Forbidden',
        'Please verify your email to see your place on the waitlist',
      );
    return {
      position: standing.position,
      referralCount: standing.verifiedReferrals,
      shareLink: `${this.config.publicUrl}/signup?code=${encodeURIComponent(standing.referralCode)}`,
    };
  }
}
