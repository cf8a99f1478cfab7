import { Migration } from '@mikro-orm/migrations';

/**
 * rate-limiter-flexible's PostgreSQL store (the sign-in limits), in the schema rather than created by the
 * library at boot, so every gateway finds it and migrations own it. Keys are fixed-size; expire is epoch ms.
 */
export class Migration20261124000400RateLimits extends Migration {
  override up(): void {
    this.addSql(`create table rate_limit (
      key varchar(255) primary key,
      points integer not null default 0,
      expire bigint
    )`);
    this.addSql(`create index rate_limit_expire_idx on rate_limit (expire)`);
  }
}
