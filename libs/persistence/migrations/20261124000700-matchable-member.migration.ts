import { Migration } from '@mikro-orm/migrations';

/**
 * "Can be matched", written once: a verified, unsuspended account with a profile and a personality vector
 * (its quiz as the matcher processed it). The candidate pool, the daily run's requests and the empty-state
 * promise all read this view, so the rule cannot drift between them (it lived in four SQL copies).
 */
export class Migration20261124000700MatchableMember extends Migration {
  override up(): void {
    this.addSql(`create view matchable_member as
      select v.user_id, v.choices, p.gender, p.preferred_sex
        from personality_vector v
        join profile p on p.user_id = v.user_id
        join app_user u on u.id = v.user_id
       where u.email_verified_at is not null and u.suspended_at is null`);
  }
}
