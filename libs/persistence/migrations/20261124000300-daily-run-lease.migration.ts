import { Migration } from '@mikro-orm/migrations';

/**
 * The day's request is a lease, not a one-off claim: a matcher that dies while writing the day's
 * MatchRequested events stops renewing it, and once it lapses another matcher (or the next check) resumes.
 */
export class Migration20261124000300DailyRunLease extends Migration {
  override up(): void {
    this.addSql(`alter table daily_match_run add column lease_until timestamptz null`);
  }
}
