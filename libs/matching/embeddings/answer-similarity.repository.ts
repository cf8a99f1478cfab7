import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/core';
import { sql } from '../../persistence/sql.js';
import { vectorBytes, vectorOf } from '../persistence/columns.js';

/** The answer-text similarity tables, one per embedding model (table answer_text_similarity). */
@Injectable()
export class AnswerSimilarityRepository {
  async find(em: EntityManager, modelId: string): Promise<Float32Array | null> {
    const [row] = await sql<{ similarities: unknown }>(
      em,
      `select similarities from answer_text_similarity where model_id = ?`,
      [modelId],
    );
    return row ? vectorOf(row.similarities) : null;
  }

  async save(em: EntityManager, modelId: string, similarities: Float32Array): Promise<void> {
    await sql(
      em,
      `insert into answer_text_similarity (model_id, similarities) values (?, ?::bytea)
       on conflict (model_id) do update set similarities = excluded.similarities`,
      [modelId, vectorBytes(similarities)],
    );
  }
}
