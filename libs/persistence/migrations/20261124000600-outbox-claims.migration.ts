import { Migration } from '@mikro-orm/migrations';

/**
 * In the embedded mode a row is relayed to consumers in the same process and counts as published only once
 * they finished; until then it is claimed (claimed_until) so no relay takes it twice, and a crash leaves it
 * unpublished, to be relayed again after the restart.
 */
export class Migration20261124000600OutboxClaims extends Migration {
  override up(): void {
    this.addSql(`alter table outbox_message add column claimed_until timestamptz null`);
  }
}
