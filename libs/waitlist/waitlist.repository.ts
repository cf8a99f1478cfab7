import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { PLACES_PER_VERIFIED_REFERRAL } from './waitlist-ranking.js';

export interface WaitlistStanding {
  position: number;
  verifiedReferrals: number;
  referralCode: string;
}

/**
 * One user's place in the queue, computed in the database: the rule of waitlist-ranking.ts (score =
 * join rank − 10 × verified referrals; equal scores: more referrals first) and a count of who is ahead.
 * No row leaves the database but the answer; one pass over app_user (the join_seq and referred_by_id
 * indexes serve the window and the grouping), so it needs no derived table to keep in step.
 */
@Injectable()
export class WaitlistRepository {
  constructor(private readonly em: EntityManager) {}

  async findStanding(userId: string, em: EntityManager = this.em): Promise<WaitlistStanding | null> {
    const boost = PLACES_PER_VERIFIED_REFERRAL;
    const rows: Array<{ position: string | number; verified: string | number; referral_code: string }> =
      await (em as SqlEntityManager).getConnection().execute(
        `with referrals as (
           select referred_by_id as user_id, count(*) as verified
             from app_user
            where referred_by_id is not null and email_verified_at is not null
            group by referred_by_id
         ),
         standing as (
           select u.id, u.referral_code, coalesce(r.verified, 0) as verified,
                  row_number() over (order by u.join_seq) - ${boost} * coalesce(r.verified, 0) as score
             from app_user u
             left join referrals r on r.user_id = u.id
         )
         select me.referral_code, me.verified,
                1 + (select count(*)
                       from standing other
                      where other.score < me.score
                         or (other.score = me.score and other.verified > me.verified)) as position
           from standing me
          where me.id = ?`,
        [userId],
        'all',
        em.getTransactionContext(),
      );
    const row = rows[0];
    if (!row) return null;
    // count(*) is bigint, which node-postgres returns as a string.
    return {
      position: Number(row.position),
      verifiedReferrals: Number(row.verified),
      referralCode: row.referral_code,
    };
  }
}
