import { Migration } from '@mikro-orm/migrations';

/**
 * A password change ends every other sign-in: the session version is raised, and the one access token the
 * change was asked with (its SHA-256) keeps working until it would have expired anyway.
 */
export class Migration20261128000200KeptAccessToken extends Migration {
  override up(): void {
    this.addSql(`alter table app_user add column kept_token_hash varchar(64) null`);
    this.addSql(`alter table app_user add column kept_token_until timestamptz null`);
  }
}
