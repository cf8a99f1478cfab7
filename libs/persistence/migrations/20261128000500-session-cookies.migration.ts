import { Migration } from '@mikro-orm/migrations';

/**
 * A sign-in without 'Remember me' gets a refresh cookie that ends with the browser session: whether a sign-in
 * is remembered is kept with its tokens, so each rotation sets the same kind of cookie.
 */
export class Migration20261128000500SessionCookies extends Migration {
  override up(): void {
    this.addSql(`alter table refresh_session add column persistent boolean not null default true`);
  }
}
