import { Migration } from '@mikro-orm/migrations';

/**
 * The mean embedding of a member's answer texts was written with every vector and read by nothing:
 * summaries use the per-answer similarities (answer_text_similarity) and the bio embedding.
 */
export class Migration20261125001300DropAnswersEmbedding extends Migration {
  override up(): void {
    this.addSql(`alter table personality_vector drop column answers_embedding`);
  }
}
