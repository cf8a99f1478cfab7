import { Migration } from '@mikro-orm/migrations';

/**
 * Logging out ends that sign-in's access tokens too: every authenticated request asks whether its token's
 * sign-in (refresh-token family) was revoked. Only revoked rows are indexed, so the probe stays small. The token
 * a password change keeps working belongs to the sign-in the change started (`kept_sign_in_id`), and ends with it.
 */
export class Migration20261128000300EndedSignIns extends Migration {
  override up(): void {
    this.addSql(
      `create index refresh_session_revoked_family_idx on refresh_session (family_id) where revoked_at is not null`,
    );
    this.addSql(`alter table app_user add column kept_sign_in_id uuid null`);
  }
}
