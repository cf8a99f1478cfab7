import { Migration } from '@mikro-orm/migrations';

/**
 * Rows leave in the order they were written. occurred_at has millisecond precision, so two events recorded
 * in the same millisecond (one transaction, or two requests) were ordered by their random id; a sequence
 * keeps one user's events in order on their way to Kafka (which keeps them in order per key from there).
 */
export class Migration20261124000800OutboxOrder extends Migration {
  override up(): void {
    this.addSql(`alter table outbox_message add column seq bigserial`);
    this.addSql(`drop index if exists outbox_message_unpublished_idx`);
    this.addSql(
      `create index outbox_message_unpublished_idx on outbox_message (seq) where published_at is null`,
    );
  }
}
