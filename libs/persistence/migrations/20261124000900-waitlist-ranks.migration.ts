import { Migration } from '@mikro-orm/migrations';

/**
 * The waitlist's two facts per member, kept up to date by the database instead of recomputed by ranking every
 * account on every read: `join_rank` (1 for the oldest account, gaps closed when accounts go) and
 * `verified_referrals` (verified sign-ups with the member's code). With them a position is a few index lookups
 * (WaitlistRepository). Triggers, so that every path that writes app_user (sign-up, verification, the bulk
 * seeder, deletion, the purge of unverified accounts) keeps them right without knowing about the waitlist.
 */
export class Migration20261124000900WaitlistRanks extends Migration {
  override up(): void {
    this.addSql(
      `alter table app_user add column join_rank bigint, add column verified_referrals integer not null default 0`,
    );
    this.addSql(`update app_user u set join_rank = ranked.rank
      from (select id, row_number() over (order by join_seq) as rank from app_user) ranked
     where ranked.id = u.id`);
    this.addSql(`update app_user u set verified_referrals = counted.n
      from (select referred_by_id as id, count(*) as n from app_user
             where referred_by_id is not null and email_verified_at is not null group by referred_by_id) counted
     where counted.id = u.id`);
    this.addSql(`alter table app_user alter column join_rank set not null`);
    // Not unique: closing a gap shifts ranks one row at a time; the lock below keeps them dense and distinct.
    this.addSql(`create index app_user_join_rank_idx on app_user (join_rank)`);
    this.addSql(`create index app_user_referrers_idx on app_user (join_rank) include (verified_referrals)
      where verified_referrals > 0`);

    // New accounts go to the end. Sign-ups take the lock in turn, so two never read the same last rank.
    this.addSql(`create function waitlist_join_rank() returns trigger language plpgsql as $$
      begin
        perform pg_advisory_xact_lock(4242001);
        new.join_rank := coalesce((select max(join_rank) from app_user), 0) + 1;
        return new;
      end $$`);
    this.addSql(`create trigger app_user_join_rank before insert on app_user
      for each row execute function waitlist_join_rank()`);

    // Accounts that go close the gap: the ranks behind the first one that left are renumbered in one pass
    // (one sort of the remaining accounts, whether one left or the daily purge removed a thousand).
    this.addSql(`create function waitlist_close_gaps() returns trigger language plpgsql as $$
      begin
        perform pg_advisory_xact_lock(4242001);
        update app_user u set join_rank = renumbered.rank
          from (select id, row_number() over (order by join_rank) as rank from app_user) renumbered
         where renumbered.id = u.id
           and u.join_rank > (select min(join_rank) from gone)
           and u.join_rank <> renumbered.rank;
        return null;
      end $$`);
    this.addSql(`create trigger app_user_close_gaps after delete on app_user
      referencing old table as gone for each statement execute function waitlist_close_gaps()`);

    // A referee counts for the referrer while it exists, is verified and still names the referrer.
    this.addSql(`create function waitlist_count_referrals() returns trigger language plpgsql as $$
      begin
        if tg_op in ('UPDATE', 'DELETE') and old.referred_by_id is not null and old.email_verified_at is not null then
          update app_user set verified_referrals = verified_referrals - 1 where id = old.referred_by_id;
        end if;
        if tg_op in ('UPDATE', 'INSERT') and new.referred_by_id is not null and new.email_verified_at is not null then
          update app_user set verified_referrals = verified_referrals + 1 where id = new.referred_by_id;
        end if;
        return null;
      end $$`);
    this.addSql(`create trigger app_user_count_referrals_insert after insert on app_user
      for each row when (new.referred_by_id is not null and new.email_verified_at is not null)
      execute function waitlist_count_referrals()`);
    this
      .addSql(`create trigger app_user_count_referrals_update after update of email_verified_at, referred_by_id on app_user
      for each row when (old.email_verified_at is distinct from new.email_verified_at
                         or old.referred_by_id is distinct from new.referred_by_id)
      execute function waitlist_count_referrals()`);
    this.addSql(`create trigger app_user_count_referrals_delete after delete on app_user
      for each row when (old.referred_by_id is not null and old.email_verified_at is not null)
      execute function waitlist_count_referrals()`);
  }
}
