import { Query } from '@nestjs/cqrs';

export interface WaitlistView {
  position: number;
  /** Verified referrals only: the ones that move the user up (the SPA labels it 'Referrals'). */
  referralCount: number;
  shareLink: string;
}

export class GetWaitlistStandingQuery extends Query<WaitlistView> {
  /**
   * `asMember`: the member asks for their own place, which needs a verified email (403 otherwise); the data
   * export reads it for any account.
   */
  constructor(
    readonly userId: string,
    readonly asMember = false,
  ) {
    super();
  }
}
