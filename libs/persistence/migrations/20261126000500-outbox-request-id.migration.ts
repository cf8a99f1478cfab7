import { Migration } from '@mikro-orm/migrations';

/**
 * The request that caused an event (its X-Request-Id), so one action can be followed from the gateway's
 * log line through the outbox and Kafka to the consumer that handled it. Null for events no request caused.
 */
export class Migration20261126000500OutboxRequestId extends Migration {
  override up(): void {
    this.addSql(`alter table outbox_message add column request_id varchar(64) null`);
  }
}
