import { Migration } from '@mikro-orm/migrations';

/**
 * - `message_pace`: when each member sent their last 30 messages (30 in any minute, whichever gateway they go
 *   through), kept by connections beside the messages so that a message and its count are one statement. One
 *   row per member who ever sent; it goes with the account (`on delete cascade`).
 * - A `client_id` is a retry's key within its conversation: the same key in another conversation is another
 *   message.
 */
export class Migration20261127000300MessagePace extends Migration {
  override up(): void {
    this.addSql(`create table message_pace (
      sender_id uuid primary key references app_user (id) on delete cascade,
      sent_at timestamptz[] not null,
      last_allowed boolean not null)`);
    this.addSql(`alter table message drop constraint message_client_uq`);
    this.addSql(
      `alter table message add constraint message_client_uq unique (connection_id, sender_id, client_id)`,
    );
  }
}
