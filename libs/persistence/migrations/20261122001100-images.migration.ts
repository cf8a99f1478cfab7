import { Migration } from '@mikro-orm/migrations';

export class Migration20261122001100Images extends Migration {
  override up(): void {
    // One photo per user, kept in the database so every gateway instance serves it without shared storage.
    this.addSql(`
      create table user_image (
        user_id uuid primary key references app_user (id) on delete cascade,
        content_type varchar(32) not null,
        data bytea not null,
        etag varchar(80) not null,
        width int not null,
        height int not null,
        updated_at timestamptz not null
      )`);
  }
}
