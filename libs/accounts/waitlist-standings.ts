import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import { PreparedStatement } from '../persistence/prepared-statement.js';

interface StandingRow {
  position: string | number;
  verified: string | number;
  referral_code: string;
  email_verified: boolean;
}

export interface WaitlistStanding {
  position: number;
  verifiedReferrals: number;
  referralCode: string;
  /** Whether the member verified their own email (the waitlist is for verified members). */
  emailVerified: boolean;
}

/**
 * One member's waitlist place, read from the facts accounts keep per account (migrations 20261124000900 and
 * 20261126000200, triggers on `app_user`): the dense join rank (`waitlist_dense_rank(join_rank)`, stored as
 * `referrer_rank` for referrers) and verified_referrals. The rule is the waitlist's
 * (libs/waitlist/waitlist-ranking.ts: score = join rank − places × verified referrals; equal scores: more
 * referrals first), which passes its number of places. Position = 1 + who is ahead, counted in two parts:
 *
 * - members without verified referrals have score = join rank, so those ahead of score S are exactly the
 *   ranks below S — S − 1 accounts — minus the referrers among them;
 * - members with verified referrals (few) are compared one by one, through a partial index.
 *
 * So a read costs a primary-key lookup and two scans of the referrers, not a ranking of every account.
 */
@Injectable()
export class WaitlistStandings {
  /** One prepared read per number of places (see standingRead). */
  private readonly standingReads = new Map<number, PreparedStatement<StandingRow>>();

  constructor(private readonly em: EntityManager) {}

  async standingOf(
    userId: string,
    placesPerVerifiedReferral: number,
    em: EntityManager = this.em,
  ): Promise<WaitlistStanding | null> {
    // Written into the SQL (a constant of the rule), so it must be a plain integer.
    if (!Number.isSafeInteger(placesPerVerifiedReferral))
      throw new RangeError('places per verified referral must be an integer');
    const [row] = await this.standingRead(placesPerVerifiedReferral).rows(em, [userId]);
    if (!row) return null;
    // count(*) is bigint, which node-postgres returns as a string.
    return {
      position: Number(row.position),
      verifiedReferrals: Number(row.verified),
      referralCode: row.referral_code,
      emailVerified: row.email_verified,
    };
  }

  /**
   * The rule's number of places is written into the statement (a constant of the rule), one per value. Not a
   * BatchedRead: for a list of ids PostgreSQL plans this statement anew on most executions (its custom plan
   * for a short list looks cheaper than the generic one), which cost more than the round trips it saves.
   */
  private standingRead(boost: number): PreparedStatement<StandingRow> {
    // waitlist_dense_rank(join_rank) written out: PostgreSQL cannot inline a function with subqueries, and
    // calling it cost a third of the read.
    let read = this.standingReads.get(boost);
    if (!read) {
      read = new PreparedStatement<StandingRow>(
        `waitlist-standing-${boost}`,
        `with me as (
           select u.id, u.referral_code, u.verified_referrals as verified,
                  u.email_verified_at is not null as email_verified,
                  case when u.verified_referrals > 0 then u.referrer_rank
                       else u.join_rank
                            - coalesce((select sum(b.departed) from waitlist_departed_bucket b
                                         where b.bucket < u.join_rank >> 10), 0)
                            - (select count(*) from waitlist_departed d
                                where d.join_rank >= (u.join_rank >> 10) << 10 and d.join_rank < u.join_rank)
                  end - ${boost} * u.verified_referrals as score
             from app_user u where u.id = ?
         )
         select me.referral_code, me.verified, me.email_verified,
                1 + greatest(me.score - 1, 0)
                  - (select count(*) from app_user r
                      where r.verified_referrals > 0 and r.referrer_rank < me.score)
                  + (select count(*) from app_user r
                      where r.verified_referrals > 0 and r.id <> me.id
                        and (r.referrer_rank - ${boost} * r.verified_referrals < me.score
                             or (r.referrer_rank - ${boost} * r.verified_referrals = me.score
                                 and r.verified_referrals > me.verified))) as position
           from me`,
      );
      this.standingReads.set(boost, read);
    }
    return read;
  }
}
