import { Migration } from '@mikro-orm/migrations';

/**
 * match_pick's primary key (user_id, day, tier) already serves "was this user shown that candidate"
 * (a user has at most three picks a day), so the extra (user_id, candidate_id) index only slowed the
 * daily run's 300k-row inserts at 100k users.
 */
export class Migration20261122002300DropPairIndex extends Migration {
  override up(): void {
    this.addSql(`drop index if exists match_pick_pair_idx`);
  }
}
