import { Migration } from '@mikro-orm/migrations';

/**
 * Matching's own copy of what it needs from other contexts, fed by their events (libs/matching/members):
 * `match_member` (name, email for its mails, verified, suspended, sexes, bio, quiz choices) and `match_block` (who blocked whom).
 * Backfilled here once from the owners' tables; from now on matching's SQL reads only its own tables.
 * The foreign keys to app_user stay so that deleting an account removes these rows in the same transaction.
 * Each group of columns carries the time of the event that wrote it, so a late, older event changes nothing.
 */
export class Migration20261125001100MatchingReadModel extends Migration {
  override up(): void {
    this.addSql(`create table match_member (
      user_id uuid primary key references app_user (id) on delete cascade,
      name varchar(100) not null default '',
      email varchar(254) not null default '',
      verified boolean not null default false,
      suspended boolean not null default false,
      status_at timestamptz not null default '1970-01-01T00:00:00Z',
      gender varchar(6) null,
      preferred_sex varchar(6) null,
      bio text not null default '',
      profile_at timestamptz null,
      choices smallint[] null,
      quiz_at timestamptz null
    )`);
    this.addSql(`create table match_block (
      user_id uuid not null references app_user (id) on delete cascade,
      blocked_user_id uuid not null references app_user (id) on delete cascade,
      primary key (user_id, blocked_user_id)
    )`);
    this.addSql(`create index match_block_blocked_idx on match_block (blocked_user_id)`);
    this.addSql(`insert into match_member
        (user_id, name, email, verified, suspended, status_at, gender, preferred_sex, bio, profile_at, choices, quiz_at)
      select u.id, u.name, u.email, u.email_verified_at is not null, u.suspended_at is not null, now(),
             p.gender, p.preferred_sex, coalesce(p.bio, ''), p.updated_at, q.choices, q.submitted_at
        from app_user u
        left join profile p on p.user_id = u.id
        left join quiz_response q on q.user_id = u.id`);
    this.addSql(
      `insert into match_block (user_id, blocked_user_id) select user_id, blocked_user_id from user_block`,
    );
    this.addSql(`drop view matchable_member`);
    this.addSql(`create view matchable_member as
      select v.user_id, v.choices, m.gender, m.preferred_sex
        from personality_vector v
        join match_member m on m.user_id = v.user_id
       where m.verified and not m.suspended and m.gender is not null and m.preferred_sex is not null`);
  }
}
