import { Query } from '@nestjs/cqrs';

export interface WaitlistView {
  position: number;
  /** Verified referrals only: the ones that move the user up (the SPA labels it 'Referrals'). */
  referralCount: number;
  shareLink: string;
}

export class GetWaitlistStandingQuery extends Query<WaitlistView> {
  constructor(readonly userId: string) {
    super();
  }
}
