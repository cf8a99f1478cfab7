import { Migration } from '@mikro-orm/migrations';

/**
 * match_set by day: the daily run reads which members already have a set of the day once, instead of
 * probing the primary key for each block of 2,048 members (on PGlite those probes were a fifth of the run).
 * Keyed (day, user_id), not (day) alone: the statistics never know today's rows, so the planner took an index
 * on the day for the foreign-key check of each new pick and walked every set of the day for it (at 1M members
 * a block's write went from 0.3 s to 10 s and more as the day filled). With both columns either index finds
 * the one row.
 */
export class Migration20261125001600SetDayIndex extends Migration {
  override up(): void {
    this.addSql(`create index match_set_day_idx on match_set (day, user_id)`);
  }
}
