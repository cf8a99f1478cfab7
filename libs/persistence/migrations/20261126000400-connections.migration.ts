import { Migration } from '@mikro-orm/migrations';

/**
 * Connections (libs/connections): interest between members, the connections mutual interest makes, their
 * messages, and the members' mail settings. Every row names its members through `app_user` with
 * `on delete cascade`, so deleting an account takes its interests, connections and messages along.
 * - `interest`: one row per (who, whom); "Not for me" marks it declined (the other is never told).
 * - `connection`: one per pair (`user_a` < `user_b`); each member's read mark is the `seq` of the last message
 *   they read, so unread counts are one index range.
 * - `ended_pair`: pairs that unmatched: never matched, never interested again.
 * - `message`: `seq` orders a conversation and pages it; a (sender, client_id) is sent once.
 * - `socket_io_attachments`: @socket.io/postgres-adapter's table for payloads too large for NOTIFY.
 * - `user_report.message_text` (safety): the text of the message a report points at, for the moderators.
 */
export class Migration20261126000400Connections extends Migration {
  override up(): void {
    this.addSql(`create table interest (
      user_id uuid not null references app_user (id) on delete cascade,
      target_id uuid not null references app_user (id) on delete cascade,
      created_at timestamptz not null default now(),
      declined_at timestamptz,
      primary key (user_id, target_id))`);
    this.addSql(
      `create index interest_received_idx on interest (target_id, created_at desc) where declined_at is null`,
    );
    this.addSql(`create table connection (
      id uuid primary key,
      user_a uuid not null references app_user (id) on delete cascade,
      user_b uuid not null references app_user (id) on delete cascade,
      created_at timestamptz not null default now(),
      last_activity_at timestamptz not null default now(),
      read_seq_a bigint not null default 0,
      read_seq_b bigint not null default 0,
      constraint connection_pair_uq unique (user_a, user_b),
      constraint connection_order_ck check (user_a < user_b))`);
    this.addSql(`create index connection_user_b_idx on connection (user_b)`);
    this.addSql(`create table ended_pair (
      user_a uuid not null references app_user (id) on delete cascade,
      user_b uuid not null references app_user (id) on delete cascade,
      ended_at timestamptz not null default now(),
      primary key (user_a, user_b),
      constraint ended_pair_order_ck check (user_a < user_b))`);
    this.addSql(`create index ended_pair_user_b_idx on ended_pair (user_b)`);
    this.addSql(`create table message (
      seq bigserial primary key,
      id uuid not null unique,
      connection_id uuid not null references connection (id) on delete cascade,
      sender_id uuid not null references app_user (id) on delete cascade,
      text text not null,
      client_id uuid,
      sent_at timestamptz not null default now(),
      constraint message_client_uq unique (sender_id, client_id))`);
    this.addSql(`create index message_connection_idx on message (connection_id, seq)`);
    this.addSql(`create table notification_setting (
      user_id uuid primary key references app_user (id) on delete cascade,
      mutual boolean not null default true,
      messages boolean not null default true)`);
    this.addSql(`create table message_mail (
      connection_id uuid not null references connection (id) on delete cascade,
      user_id uuid not null references app_user (id) on delete cascade,
      sent_at timestamptz not null,
      primary key (connection_id, user_id))`);
    this.addSql(`alter table user_report add column message_text text`);
    this.addSql(`create table socket_io_attachments (
      id bigserial unique,
      created_at timestamptz default now(),
      payload bytea)`);
  }
}
