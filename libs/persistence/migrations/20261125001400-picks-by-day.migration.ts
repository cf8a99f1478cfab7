import { Migration } from '@mikro-orm/migrations';

/**
 * match_pick partitioned by day. A day's run inserts three picks per member; into one table holding every
 * earlier day those inserts touch every leaf of its user- and candidate-keyed indexes (at 100k members with
 * 29 days of history, 830 MB of index for 300k rows: 3.6 s of index upkeep against 1.0 s into a table of
 * one day). Each day now has its own partition, created before the day's first pick is written
 * (ensure_match_pick_day), so writing a day costs the same whatever the history; reads of one day prune
 * to its partition. Picks written before this migration stay in one partition, match_pick_archive, which
 * keeps its day index for the no-repeat window.
 */
export class Migration20261125001400PicksByDay extends Migration {
  override up(): void {
    this.addSql(`alter table match_pick rename to match_pick_archive`);
    this.addSql(
      `alter table match_pick_archive rename constraint match_pick_pkey to match_pick_archive_pkey`,
    );
    this.addSql(`alter index match_pick_candidate_idx rename to match_pick_archive_candidate_idx`);
    this.addSql(`alter index match_pick_day_seqs_idx rename to match_pick_archive_day_seqs_idx`);
    this.addSql(
      `alter table match_pick_archive rename constraint match_pick_candidate_id_fkey to match_pick_archive_candidate_id_fkey`,
    );
    this.addSql(
      `alter table match_pick_archive rename constraint match_pick_user_id_day_fkey to match_pick_archive_user_id_day_fkey`,
    );
    this.addSql(`
      create table match_pick (
        user_id uuid not null,
        day date not null,
        tier varchar(6) not null,
        candidate_id uuid not null references app_user (id) on delete cascade,
        percent smallint not null,
        summary text null,
        created_at timestamptz not null,
        user_seq integer null,
        candidate_seq integer null,
        primary key (user_id, day, tier),
        foreign key (user_id, day) references match_set (user_id, day) on delete cascade,
        constraint match_pick_tier_ck check (tier in ('best', 'medium', 'worst')),
        constraint match_pick_percent_ck check (percent between 0 and 100)
      ) partition by range (day)`);
    this.addSql(`create index match_pick_candidate_idx on match_pick (candidate_id, day)`);
    // The archive becomes the partition of every day up to its last one; an empty archive goes.
    this.addSql(`
      do $$
      declare last_day date;
      begin
        select max(day) into last_day from match_pick_archive;
        if last_day is null then
          drop table match_pick_archive;
        else
          execute format('alter table match_pick attach partition match_pick_archive for values from (minvalue) to (%L)',
                         last_day + 1);
        end if;
      end $$`);
    // Creates the day's partition unless one covers it already (the archive does for its days). Callers race
    // (a run and a member's request), so creation is serialised, and a lost race is not an error.
    this.addSql(`
      create function ensure_match_pick_day(d date) returns void language plpgsql as $$
      declare
        name text := 'match_pick_' || to_char(d, 'YYYYMMDD');
      begin
        if to_regclass(name) is not null then
          return;
        end if;
        perform pg_advisory_xact_lock(hashtext('ensure_match_pick_day'));
        execute format('create table if not exists %I partition of match_pick for values from (%L) to (%L)',
                       name, d, d + 1);
      exception
        -- 42P17: an existing partition (the archive) covers the day; 42P07: created meanwhile.
        when invalid_object_definition or duplicate_table then
          null;
      end $$`);
  }
}
