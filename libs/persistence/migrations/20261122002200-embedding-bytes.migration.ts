import { Migration } from '@mikro-orm/migrations';

/**
 * Embeddings as bytea (float32, little-endian) instead of real[]: a 256–384 dimension vector travels as a
 * few hundred bytes rather than thousands of characters of decimal text, which dominated both writing
 * vectors and reading them for summaries at scale. The vectors are derived data: clearing
 * embedding_model makes the matcher rebuild them from the stored answers and bios.
 */
export class Migration20261122002200EmbeddingBytes extends Migration {
  override up(): void {
    this.addSql(`alter table personality_vector drop column answers_embedding, drop column bio_embedding`);
    this.addSql(
      `alter table personality_vector add column answers_embedding bytea null, add column bio_embedding bytea null`,
    );
    this.addSql(`update personality_vector set embedding_model = null`);
  }
}
