import { Migration } from '@mikro-orm/migrations';

/**
 * Sessions that a password change, a reset or a suspension really end:
 * - `app_user.session_version` counts those events; every refresh session and access token carries the version
 *   it was issued under, and one from an older version is refused. A refresh that raced the change (it read the
 *   old version, then stored its successor after the change's UPDATE) is refused at its next use, with no lock.
 * - `refresh_session.successor_sealed`: the token a rotation issued, encrypted with a key derived from the
 *   rotated token, so a second presentation within the grace gets that same successor, not a new branch.
 * - One open report per (reporter, reported): earlier duplicates are folded into the oldest.
 */
export class Migration20261126000300SessionVersions extends Migration {
  override up(): void {
    this.addSql(`alter table app_user add column session_version integer not null default 0`);
    this.addSql(`alter table refresh_session add column session_version integer not null default 0`);
    this.addSql(`alter table refresh_session add column successor_sealed text`);
    this.addSql(`delete from user_report r
      where r.status = 'open' and exists (
        select 1 from user_report o
         where o.status = 'open' and o.reporter_id = r.reporter_id and o.reported_user_id = r.reported_user_id
           and (o.created_at, o.id) < (r.created_at, r.id))`);
    this.addSql(`create unique index user_report_open_pair_idx on user_report (reporter_id, reported_user_id)
      where status = 'open'`);
  }
}
