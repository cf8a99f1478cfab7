import { Migration } from '@mikro-orm/migrations';

/**
 * Events a consumer could not process after its retries, parked with the error so the partition (or the
 * in-process bus) moves on; `fated events dead-letters` lists them and `fated events replay` retries one.
 */
export class Migration20261124000500DeadLetters extends Migration {
  override up(): void {
    this.addSql(`create table dead_letter (
      id uuid primary key default gen_random_uuid(),
      consumer text not null,
      event_id uuid not null,
      type text not null,
      aggregate_id text not null,
      payload jsonb not null,
      occurred_at timestamptz not null,
      error text not null,
      attempts integer not null,
      parked_at timestamptz not null default now(),
      unique (consumer, event_id)
    )`);
    this.addSql(`create index dead_letter_aggregate_idx on dead_letter (aggregate_id)`);
  }
}
