import { Migration } from '@mikro-orm/migrations';

/**
 * Quiz answers, the matcher's read model (personality vectors and text embeddings), and the daily match sets.
 * Embeddings are plain real[] columns: stock PostgreSQL 15 has no vector type without an extension.
 */
export class Migration20261122002000QuizMatching extends Migration {
  override up(): void {
    // One row per user: the 19 choices (1–5) in question order. Resubmitting overwrites the row.
    this.addSql(`
      create table quiz_response (
        user_id uuid primary key references app_user (id) on delete cascade,
        choices smallint[] not null,
        submitted_at timestamptz not null
      )`);
    // The matcher's copy of what it needs to score and describe a user, rebuilt from events.
    this.addSql(`
      create table personality_vector (
        user_id uuid primary key references app_user (id) on delete cascade,
        choices smallint[] not null,
        answers_embedding real[] null,
        bio_embedding real[] null,
        embedding_model varchar(200) null,
        updated_at timestamptz not null
      )`);
    // One set per user and calendar day: the primary key is what stops two concurrent requests or runs
    // from computing two different sets. pick_count = 0 records an empty set (the empty-state promise).
    this.addSql(`
      create table match_set (
        user_id uuid not null references app_user (id) on delete cascade,
        day date not null,
        pick_count smallint not null,
        created_at timestamptz not null,
        primary key (user_id, day)
      )`);
    this.addSql(`
      create table match_pick (
        user_id uuid not null,
        day date not null,
        tier varchar(6) not null,
        candidate_id uuid not null references app_user (id) on delete cascade,
        percent smallint not null,
        summary text not null,
        created_at timestamptz not null,
        primary key (user_id, day, tier),
        foreign key (user_id, day) references match_set (user_id, day) on delete cascade,
        constraint match_pick_tier_ck check (tier in ('best', 'medium', 'worst')),
        constraint match_pick_percent_ck check (percent between 0 and 100)
      )`);
    this.addSql(`create index match_pick_candidate_idx on match_pick (candidate_id, day)`);
    this.addSql(`create index match_pick_pair_idx on match_pick (user_id, candidate_id)`);
    // The "we'll email you" promise is kept once per (person waiting, newcomer who fits them).
    this.addSql(`
      create table compatible_signup_notice (
        user_id uuid not null references app_user (id) on delete cascade,
        newcomer_id uuid not null references app_user (id) on delete cascade,
        percent smallint not null,
        sent_at timestamptz not null,
        primary key (user_id, newcomer_id)
      )`);
  }
}
