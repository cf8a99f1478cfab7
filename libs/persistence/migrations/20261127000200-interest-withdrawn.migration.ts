import { Migration } from '@mikro-orm/migrations';

/**
 * An interest its target declined and its sender then withdrew is kept, marked withdrawn: sent again, it comes
 * back still declined, so "Not for me" is not undone by withdrawing and sending again (the target is not told a
 * second time). Any other withdrawn interest is deleted, as before.
 */
export class Migration20261127000200InterestWithdrawn extends Migration {
  override up(): void {
    this.addSql(`alter table interest add column withdrawn_at timestamptz`);
  }
}
