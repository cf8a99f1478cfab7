import { Migration } from '@mikro-orm/migrations';

export class Migration20261122000200Accounts extends Migration {
  override up(): void {
    this.addSql(`
      create table app_user (
        id uuid primary key,
        name varchar(100) not null,
        email varchar(254) not null,
        password_hash varchar(255) not null,
        email_verified_at timestamptz null,
        referral_code varchar(32) not null,
        referred_by_id uuid null references app_user (id) on delete set null,
        created_at timestamptz not null,
        join_seq bigserial not null
      )`);
    this.addSql(`create unique index app_user_email_uq on app_user (email)`);
    this.addSql(`create unique index app_user_referral_code_uq on app_user (referral_code)`);
    this.addSql(`create unique index app_user_join_seq_uq on app_user (join_seq)`);
    this.addSql(`create index app_user_referred_by_idx on app_user (referred_by_id)`);
    this.addSql(`
      create table email_verification_token (
        id uuid primary key,
        user_id uuid not null references app_user (id) on delete cascade,
        token_hash char(64) not null,
        expires_at timestamptz not null,
        used_at timestamptz null,
        created_at timestamptz not null
      )`);
    this.addSql(`create index email_verification_token_user_idx on email_verification_token (user_id)`);
    this.addSql(`
      create table refresh_session (
        id uuid primary key,
        user_id uuid not null references app_user (id) on delete cascade,
        family_id uuid not null,
        token_hash char(64) not null,
        expires_at timestamptz not null,
        created_at timestamptz not null,
        rotated_at timestamptz null,
        revoked_at timestamptz null
      )`);
    this.addSql(`create unique index refresh_session_token_hash_uq on refresh_session (token_hash)`);
    this.addSql(`create index refresh_session_family_idx on refresh_session (family_id)`);
  }
}
