import { Migration } from '@mikro-orm/migrations';

/** Moderation: a suspended account signs in no more and is invisible to others until unsuspended. */
export class Migration20261124000100AccountSuspension extends Migration {
  override up(): void {
    this.addSql(`alter table app_user add column suspended_at timestamptz null`);
  }
}
