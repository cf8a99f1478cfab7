import { Migration } from '@mikro-orm/migrations';

/**
 * The daily run stores who, tier and percent; a pick's summary is written when its card is first read
 * (PickSummaries), so the column is empty until then. The answer-text similarities of each embedding model
 * are stored for processes that write summaries without loading the model.
 */
export class Migration20261125001000LazySummaries extends Migration {
  override up(): void {
    this.addSql(`alter table match_pick alter column summary drop not null`);
    this.addSql(`create table answer_text_similarity (
      model_id text primary key,
      similarities bytea not null
    )`);
  }
}
