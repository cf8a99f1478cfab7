import { Migration } from '@mikro-orm/migrations';

/**
 * Accounts people can trust: password reset tokens (one live token per account, stored hashed), blocks
 * (one row per direction someone chose; the effect is both ways) and reports for moderation. Every row
 * goes with either account (on delete cascade), so deleting an account leaves none of it behind.
 */
export class Migration20261124000200TrustAndSafety extends Migration {
  override up(): void {
    this.addSql(`
      create table password_reset_token (
        user_id uuid primary key references app_user (id) on delete cascade,
        token_hash varchar(64) not null,
        expires_at timestamptz not null,
        created_at timestamptz not null default now()
      )`);
    this.addSql(`
      create table user_block (
        user_id uuid not null references app_user (id) on delete cascade,
        blocked_user_id uuid not null references app_user (id) on delete cascade,
        created_at timestamptz not null default now(),
        primary key (user_id, blocked_user_id),
        check (user_id <> blocked_user_id)
      )`);
    this.addSql(`create index user_block_blocked_idx on user_block (blocked_user_id)`);
    this.addSql(`
      create table user_report (
        id uuid primary key,
        reporter_id uuid not null references app_user (id) on delete cascade,
        reported_user_id uuid not null references app_user (id) on delete cascade,
        reason varchar(32) not null,
        note text null,
        status varchar(16) not null default 'open',
        created_at timestamptz not null default now(),
        resolved_at timestamptz null
      )`);
    this.addSql(`create index user_report_open_idx on user_report (created_at) where status = 'open'`);
    this.addSql(`create index user_report_reporter_idx on user_report (reporter_id)`);
    this.addSql(`create index user_report_reported_idx on user_report (reported_user_id)`);
    // A deleted account's links answer 404 (gone) instead of 403 (not yours): only a SHA-256 of its random
    // id is kept for that, nothing that names or reaches the person.
    this.addSql(
      `create table deleted_account (id_hash bytea primary key, deleted_at timestamptz not null default now())`,
    );
  }
}
