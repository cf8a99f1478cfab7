import { Migration } from '@mikro-orm/migrations';

export class Migration20261122000100Messaging extends Migration {
  override up(): void {
    this.addSql(`
      create table outbox_message (
        id uuid primary key,
        type varchar(100) not null,
        aggregate_id varchar(100) not null,
        payload jsonb not null,
        occurred_at timestamptz not null,
        published_at timestamptz null,
        attempts int not null default 0
      )`);
    this.addSql(
      `create index outbox_message_unpublished_idx on outbox_message (occurred_at) where published_at is null`,
    );
    this.addSql(`
      create table processed_event (
        consumer varchar(100) not null,
        event_id uuid not null,
        processed_at timestamptz not null default now(),
        primary key (consumer, event_id)
      )`);
  }
}
