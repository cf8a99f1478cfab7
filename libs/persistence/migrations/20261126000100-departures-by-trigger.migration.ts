import { Migration } from '@mikro-orm/migrations';

/**
 * Sets and picks no longer carry row-level foreign keys to their accounts. Each pick's two keys and each
 * set's key were checked row by row as a daily run wrote them: 124 of the 164 ms that one block of 6,144
 * picks took to insert, and 20 of the 43 ms of its sets' claim. What those keys guaranteed is now kept by
 * two set-based steps:
 * - a write locks the members it names first, all in one statement (`for key share` on match_member, as a
 *   key check would), and drops those already gone (MatchSetWriter); a deletion waits for that write;
 * - deleting an account deletes its match_member row (its own foreign key, on delete cascade), and this
 *   trigger then deletes that member's sets and every pick naming them, in the same transaction.
 */
export class Migration20261126000100DeparturesByTrigger extends Migration {
  override up(): void {
    this.addSql(`alter table match_pick drop constraint match_pick_candidate_id_fkey`);
    this.addSql(`alter table match_pick drop constraint match_pick_user_id_day_fkey`);
    this.addSql(`alter table match_set drop constraint match_set_user_id_fkey`);
    // A partition that was a table of its own (the archive) may keep keys of its own: they go too.
    this.addSql(`
      do $$
      declare c record;
      begin
        for c in select conrelid::regclass as tab, conname from pg_constraint
                  where contype = 'f' and conrelid in (select inhrelid from pg_inherits
                                                        where inhparent = 'match_pick'::regclass)
        loop
          execute format('alter table %s drop constraint %I', c.tab, c.conname);
        end loop;
      end $$`);
    this.addSql(`
      create function forget_departed_members() returns trigger language plpgsql as $$
      begin
        delete from match_pick where user_id in (select user_id from departed);
        delete from match_pick where candidate_id in (select user_id from departed);
        delete from match_set where user_id in (select user_id from departed);
        return null;
      end $$`);
    this.addSql(`
      create trigger match_member_departed after delete on match_member
        referencing old table as departed
        for each statement execute function forget_departed_members()`);
  }
}
