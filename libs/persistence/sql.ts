import type { EntityManager } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { CompiledQuery, type Kysely } from 'kysely';

/**
 * The one way hand-written SQL is sent: through the ORM's Kysely executor, in the caller's transaction if
 * any, with the values bound as parameters by the driver (pg or PGlite). The ORM's own `execute` formats
 * every value into the SQL text on the client; for a batch of thousands of rows that text is a megabyte the
 * server then scans token by token. Bound, the values skip both.
 *
 * Written with `?` placeholders (the SQL text itself holds no other `?`). A JS array is bound as one array
 * value: write `= any(?::uuid[])` or `unnest(?::uuid[], ?::int[])`, never `in (?)`. The ORM's query log does
 * not see these statements (it would print the megabyte).
 */
export async function sql<Row = Record<string, unknown>>(
  em: EntityManager,
  text: string,
  values: readonly unknown[] = [],
): Promise<Row[]> {
  let index = 0;
  const numbered = text.replace(/\?/g, () => `$${++index}`);
  if (index !== values.length) throw new RangeError(`${index} placeholders for ${values.length} values`);
  const connection = (em as SqlEntityManager).getConnection();
  const executor = (em.getTransactionContext<Kysely<unknown>>() ?? connection.getClient()) as Kysely<unknown>;
  const result = await executor.executeQuery(CompiledQuery.raw(numbered, [...values]));
  return result.rows as Row[];
}

/** A row refused because what it names is gone (an account deleted meanwhile). */
export function isForeignKeyViolation(error: unknown): boolean {
  const { code, name } = error as { code?: string; name?: string };
  return code === '23503' || name === 'ForeignKeyConstraintViolationException';
}
