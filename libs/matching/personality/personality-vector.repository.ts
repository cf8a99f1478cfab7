import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/core';
import { sql } from '../../persistence/sql.js';
import { numbers, vectorBytes, vectorOf } from '../persistence/columns.js';

/** What the matcher stores per user: the 19 choices and the text embeddings (null without a model or bio). */
export interface PersonalityVector {
  userId: string;
  choices: number[];
  bioEmbedding: Float32Array | null;
  embeddingModel: string | null;
}

/** The inputs a vector is built from: the quiz choices and the bio, as matching's read model holds them. */
export interface PersonalitySource {
  userId: string;
  choices: number[];
  bio: string;
}

/** The matcher's read model (table personality_vector), written only by the matcher. */
@Injectable()
export class PersonalityVectorRepository {
  async sources(em: EntityManager, userIds: string[]): Promise<PersonalitySource[]> {
    if (userIds.length === 0) return [];
    const rows = await sql<{ user_id: string; choices: unknown; bio: string }>(
      em,
      `select user_id, choices, bio from match_member
        where choices is not null and user_id = any(?::uuid[])`,
      [userIds],
    );
    return rows.map((row) => ({ userId: row.user_id, choices: numbers(row.choices), bio: row.bio }));
  }

  /**
   * Users whose vector is missing or older than their quiz or profile, or embedded by another model than
   * `model` (when one is loaded). Lets a run catch up on events a crashed process never handled.
   */
  async staleUserIds(em: EntityManager, model: string | undefined): Promise<string[]> {
    const rows = await sql<{ user_id: string }>(
      em,
      `select m.user_id from match_member m
         left join personality_vector v on v.user_id = m.user_id
        where m.choices is not null
          and (v.user_id is null
               or v.updated_at < m.quiz_at
               or (m.profile_at is not null and v.updated_at < m.profile_at)
               ${model ? 'or v.embedding_model is distinct from ?' : ''})
        order by m.user_id`,
      model ? [model] : [],
    );
    return rows.map((row) => row.user_id);
  }

  /** The user's vector was built from their current quiz and profile (by `model`, when one is loaded). */
  async isCurrent(em: EntityManager, userId: string, model: string | undefined): Promise<boolean> {
    const rows = await sql<{ current: boolean }>(
      em,
      `select true as current from personality_vector v
         join match_member m on m.user_id = v.user_id
        where v.user_id = ? and m.quiz_at is not null and v.updated_at >= m.quiz_at
          and (m.profile_at is null or v.updated_at >= m.profile_at)
          ${model ? 'and v.embedding_model = ?' : ''}`,
      model ? [userId, model] : [userId],
    );
    return rows.length > 0;
  }

  /** Of `userIds`, those whose vector is current in the sense of `isCurrent` (one query for a batch). */
  async current(em: EntityManager, userIds: string[], model: string | undefined): Promise<Set<string>> {
    if (userIds.length === 0) return new Set();
    const rows = await sql<{ user_id: string }>(
      em,
      `select v.user_id from personality_vector v
         join match_member m on m.user_id = v.user_id
        where v.user_id = any(?::uuid[]) and m.quiz_at is not null and v.updated_at >= m.quiz_at
          and (m.profile_at is null or v.updated_at >= m.profile_at)
          ${model ? 'and v.embedding_model = ?' : ''}`,
      model ? [userIds, model] : [userIds],
    );
    return new Set(rows.map((row) => row.user_id));
  }

  /** Inserts or replaces many vectors in one statement. */
  async saveAll(em: EntityManager, vectors: PersonalityVector[], at: Date): Promise<void> {
    if (vectors.length === 0) return;
    // Each column one array; choices as array literals and vectors as hex, since an array of arrays or of
    // bytea does not bind alike on pg and PGlite.
    await sql(
      em,
      `insert into personality_vector (user_id, choices, bio_embedding, embedding_model, updated_at)
       select x.user_id, x.choices::smallint[], decode(x.bio_embedding, 'hex'), x.embedding_model, ?::timestamptz
         from unnest(?::uuid[], ?::text[], ?::text[], ?::text[]) as x(user_id, choices, bio_embedding, embedding_model)
       on conflict (user_id) do update set choices = excluded.choices,
         bio_embedding = excluded.bio_embedding, embedding_model = excluded.embedding_model,
         updated_at = excluded.updated_at`,
      [
        at.toISOString(),
        vectors.map((vector) => vector.userId),
        vectors.map((vector) => `{${vector.choices.join(',')}}`),
        vectors.map((vector) =>
          vector.bioEmbedding ? vectorBytes(vector.bioEmbedding).toString('hex') : null,
        ),
        vectors.map((vector) => vector.embeddingModel),
      ],
    );
  }

  async count(em: EntityManager): Promise<number> {
    const [row] = await sql<{ n: number | string }>(em, `select count(*) as n from personality_vector`);
    return Number(row?.n ?? 0);
  }

  /** When the user's vector was last built, and by which embedding model (null: without one). */
  async builtOf(
    em: EntityManager,
    userId: string,
  ): Promise<{ updatedAt: Date; embeddingModel: string | null } | undefined> {
    const [row] = await sql<{ updated_at: Date | string; embedding_model: string | null }>(
      em,
      `select updated_at, embedding_model from personality_vector where user_id = ?`,
      [userId],
    );
    return row && { updatedAt: new Date(row.updated_at), embeddingModel: row.embedding_model };
  }

  /** Bio embeddings of `userIds` made by `model`; users without one are left out. */
  async bioEmbeddings(
    em: EntityManager,
    userIds: string[],
    model: string,
  ): Promise<Map<string, Float32Array>> {
    if (userIds.length === 0) return new Map();
    const rows = await sql<{ user_id: string; bio_embedding: unknown }>(
      em,
      `select user_id, bio_embedding from personality_vector
        where embedding_model = ? and bio_embedding is not null and user_id = any(?::uuid[])`,
      [model, userIds],
    );
    const vectors = new Map<string, Float32Array>();
    for (const row of rows) {
      const vector = vectorOf(row.bio_embedding);
      if (vector) vectors.set(row.user_id, vector);
    }
    return vectors;
  }
}
