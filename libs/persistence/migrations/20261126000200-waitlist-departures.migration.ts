import { Migration } from '@mikro-orm/migrations';

/**
 * An account that goes no longer renumbers every account behind it (migration 20261124000900 did: 51.8 s for an
 * early account of a million, under the sign-up lock). Instead:
 * - `join_rank` is given once and never changes, nor is a departed rank ever given again;
 * - each departed rank is recorded (`waitlist_departed`) and counted per bucket of 1,024 ranks
 *   (`waitlist_departed_bucket`), so a member's dense rank, 1 + the accounts still here that joined earlier, is
 *   `waitlist_dense_rank(join_rank)`: its rank less the departed below it, a sum over at most N / 1,024 bucket rows
 *   and a count within one bucket;
 * - referrers (verified_referrals > 0), whom every position read compares one by one, keep that dense rank stored
 *   in `referrer_rank`: set when an account becomes a referrer, lowered for the referrers behind a departure.
 * A departure costs the referrers behind it, not every account. Rank changes (a sign-up's rank, a departure, a
 * new referrer) still take one advisory lock, so each sees the others' ranks whole.
 */
export class Migration20261126000200WaitlistDepartures extends Migration {
  override up(): void {
    this.addSql(`create table waitlist_departed (join_rank bigint primary key)`);
    this.addSql(
      `create table waitlist_departed_bucket (bucket bigint primary key, departed integer not null)`,
    );
    this.addSql(`alter table app_user add column referrer_rank bigint`);
    // Ranks are dense today (the old trigger kept them so): a referrer's dense rank is its rank.
    this.addSql(`update app_user set referrer_rank = join_rank where verified_referrals > 0`);
    this.addSql(`drop index app_user_referrers_idx`);
    this.addSql(`create index app_user_referrers_idx on app_user (referrer_rank) include (verified_referrals)
      where verified_referrals > 0`);

    this.addSql(`create function waitlist_dense_rank(r bigint) returns bigint language sql stable as $$
      select r - coalesce((select sum(departed) from waitlist_departed_bucket where bucket < r >> 10), 0)
               - (select count(*) from waitlist_departed where join_rank >= (r >> 10) << 10 and join_rank < r)
    $$`);

    // After the last rank given, whether its account is still here or not: a departed rank is never reused.
    this.addSql(`create or replace function waitlist_join_rank() returns trigger language plpgsql as $$
      begin
        perform pg_advisory_xact_lock(4242001);
        new.join_rank := greatest(coalesce((select max(join_rank) from app_user), 0),
                                  coalesce((select max(join_rank) from waitlist_departed), 0)) + 1;
        return new;
      end $$`);

    // Statement-level, after the row triggers that took the departed referees off their referrers' counts.
    this.addSql(`create or replace function waitlist_close_gaps() returns trigger language plpgsql as $$
      declare
        first_gone bigint;
        first_dense bigint;
      begin
        perform pg_advisory_xact_lock(4242001);
        select min(join_rank) into first_gone from gone;
        first_dense := waitlist_dense_rank(first_gone);
        insert into waitlist_departed (join_rank) select join_rank from gone;
        insert into waitlist_departed_bucket (bucket, departed)
          select join_rank >> 10, count(*) from gone group by 1
          on conflict (bucket) do update set departed = waitlist_departed_bucket.departed + excluded.departed;
        -- Referrers' dense ranks follow their join ranks, so those behind the first departure are found by it.
        update app_user u
           set referrer_rank = u.referrer_rank - (select count(*) from gone g where g.join_rank < u.join_rank)
         where u.verified_referrals > 0 and u.referrer_rank > first_dense;
        return null;
      end $$`);

    // An account becoming a referrer gets its dense rank stored (the referral count's trigger updates it).
    this.addSql(`create function waitlist_referrer_rank() returns trigger language plpgsql as $$
      begin
        perform pg_advisory_xact_lock(4242001);
        new.referrer_rank := waitlist_dense_rank(new.join_rank);
        return new;
      end $$`);
    this.addSql(`create trigger app_user_referrer_rank before update of verified_referrals on app_user
      for each row when (old.verified_referrals = 0 and new.verified_referrals > 0)
      execute function waitlist_referrer_rank()`);
  }
}
