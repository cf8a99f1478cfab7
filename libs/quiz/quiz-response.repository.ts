import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/core';
import { sql } from '../persistence/sql.js';

/** The stored quiz answers: one row per user, the choices as smallint[] in question order. */
@Injectable()
export class QuizResponseRepository {
  /** Insert or replace: resubmitting the quiz overwrites the previous answers. One statement for all. */
  async saveMany(
    em: EntityManager,
    responses: readonly { userId: string; choices: readonly number[] }[],
    submittedAt: Date,
  ): Promise<void> {
    if (responses.length === 0) return;
    const at = submittedAt.toISOString();
    await sql(
      em,
      `insert into quiz_response (user_id, choices, submitted_at)
       select x.user_id, x.choices::smallint[], ?::timestamptz from unnest(?::uuid[], ?::text[]) as x(user_id, choices)
         on conflict (user_id) do update set choices = excluded.choices, submitted_at = excluded.submitted_at`,
      [at, responses.map(({ userId }) => userId), responses.map(({ choices }) => `{${choices.join(',')}}`)],
    );
  }

  /** How many members took the quiz (`fated stats`). */
  async count(em: EntityManager): Promise<number> {
    const [row] = await sql<{ n: number | string }>(em, `select count(*) as n from quiz_response`, []);
    return Number(row?.n ?? 0);
  }

  /** Whether the member took the quiz (one primary-key probe). */
  async exists(em: EntityManager, userId: string): Promise<boolean> {
    const rows = await sql(em, `select 1 from quiz_response where user_id = ?`, [userId]);
    return rows.length > 0;
  }

  /** The stored choices in question order, or null before the quiz was taken. */
  async findChoices(em: EntityManager, userId: string): Promise<number[] | null> {
    return (await this.findResponse(em, userId))?.choices ?? null;
  }

  /** The stored answers and when they were submitted, or null before the quiz was taken. */
  async findResponse(
    em: EntityManager,
    userId: string,
  ): Promise<{ choices: number[]; submittedAt: Date } | null> {
    const [row] = await sql<{ choices: unknown; submitted_at: Date | string }>(
      em,
      `select choices, submitted_at from quiz_response where user_id = ?`,
      [userId],
    );
    if (!row) return null;
    const choices = Array.isArray(row.choices)
      ? row.choices.map(Number)
      : String(row.choices).replace(/[{}]/g, '').split(',').map(Number);
    return { choices, submittedAt: new Date(row.submitted_at) };
  }
}
