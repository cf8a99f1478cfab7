import { Migration } from '@mikro-orm/migrations';

/**
 * The relay prunes published rows by age. Without an index that was a scan of the whole table every minute: at
 * 500 messages a second an hour's retention holds 1.8 M rows (770 MB), and each prune read all of them (1.2 s of
 * PostgreSQL) to delete the minute's 30,000. Only published rows are in this index.
 */
export class Migration20261128000100OutboxPublishedIndex extends Migration {
  override up(): void {
    this.addSql(
      `create index outbox_message_published_idx on outbox_message (published_at) where published_at is not null`,
    );
  }
}
