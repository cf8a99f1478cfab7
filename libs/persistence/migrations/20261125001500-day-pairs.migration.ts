import { Migration } from '@mikro-orm/migrations';

/**
 * match_day_pairs: each day's picks as packed (user_seq, candidate_seq) pairs, big-endian int32, one row per
 * write transaction, written with the picks themselves (MatchSetWriter). The no-repeat window is read from
 * here: a day of 100k members is about 50 rows of bytes instead of 300k picks aggregated on every run (on
 * PGlite that aggregation was a quarter of the run). A pair may outlive its pick (a deleted account's picks
 * go, its seq is never reused), which excludes nobody who is still there. Days older than the window are
 * deleted as a new day starts. Picks of the last 31 days are carried over.
 */
export class Migration20261125001500DayPairs extends Migration {
  override up(): void {
    this.addSql(`
      create table match_day_pairs (
        day date not null,
        id bigint generated always as identity,
        pairs bytea not null,
        primary key (day, id)
      )`);
    this.addSql(`
      insert into match_day_pairs (day, pairs)
      select day, string_agg(int4send(user_seq) || int4send(candidate_seq), ''::bytea)
        from match_pick
       where day >= current_date - 31 and user_seq is not null and candidate_seq is not null
       group by day`);
  }
}
