import { Migration } from '@mikro-orm/migrations';

export class Migration20261122001000Profiles extends Migration {
  override up(): void {
    // Column names are a contract: matching reads this table directly to build its candidate pool.
    this.addSql(`
      create table profile (
        user_id uuid primary key references app_user (id) on delete cascade,
        city varchar(80) not null,
        state char(2) not null,
        age int not null check (age between 18 and 120),
        gender varchar(6) not null check (gender in ('male', 'female')),
        preferred_sex varchar(6) not null check (preferred_sex in ('male', 'female')),
        education varchar(120) not null default '',
        job_title varchar(120) not null default '',
        bio text not null default '',
        updated_at timestamptz not null
      )`);
    // Candidate pools are selected by who the user is and whom they are looking for.
    this.addSql(`create index profile_gender_preferred_sex_idx on profile (gender, preferred_sex)`);
  }
}
