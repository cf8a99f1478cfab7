import { Migration } from '@mikro-orm/migrations';

/**
 * One row per scheduled day: the scheduler that inserts it first is the one that emits MatchRequested,
 * so several matcher processes with the same cron don't all request every user. Direct runs (CLI) record
 * their figures here too, for inspection. Also an index for finding users whose last set was empty.
 */
export class Migration20261122002100DailyMatchRun extends Migration {
  override up(): void {
    this.addSql(`
      create table daily_match_run (
        day date primary key,
        requested_at timestamptz null,
        requested_users int null,
        completed_at timestamptz null,
        users int null,
        sets int null,
        empty_sets int null,
        ms int null
      )`);
    // Empty sets are rare; the empty-state promise looks them up on every completed quiz.
    this.addSql(`create index match_set_empty_idx on match_set (user_id, day) where pick_count = 0`);
  }
}
