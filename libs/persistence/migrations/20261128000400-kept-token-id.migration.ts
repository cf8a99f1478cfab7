import { Migration } from '@mikro-orm/migrations';

/**
 * The id (`jti`) of the access token a password change keeps working: a socket opened with it is closed when
 * the sign-in the change started is logged out, as the token itself stops working then.
 */
export class Migration20261128000400KeptTokenId extends Migration {
  override up(): void {
    this.addSql(`alter table app_user add column kept_token_id varchar(64) null`);
  }
}
