import { Migration } from '@mikro-orm/migrations';

/**
 * Each member's count of messages in their current minute (30 a minute, whichever gateway they go through),
 * kept by connections beside the messages so that a message and its count are one statement. One row per
 * member who ever sent; it goes with the account (`on delete cascade`).
 */
export class Migration20261127000300MessagePace extends Migration {
  override up(): void {
    this.addSql(`create table message_pace (
      sender_id uuid primary key references app_user (id) on delete cascade,
      window_ends_at timestamptz not null,
      sent integer not null)`);
  }
}
