import type { EntityManager, Transaction } from '@mikro-orm/core';
import type { AbstractSqlConnection, SqlEntityManager } from '@mikro-orm/sql';
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
export function sql<Row = Record<string, unknown>>(
  em: EntityManager,
  text: string,
  values: readonly unknown[] = [],
): Promise<Row[]> {
  return sqlOn<Row>((em as SqlEntityManager).getConnection(), text, values, em.getTransactionContext());
}

/** `sql` for a caller holding a connection rather than an entity manager (the batched reads' rounds). */
export async function sqlOn<Row = Record<string, unknown>>(
  connection: AbstractSqlConnection,
  text: string,
  values: readonly unknown[],
  transaction?: Transaction,
): Promise<Row[]> {
  let index = 0;
  const numbered = text.replace(/\?/g, () => `$${++index}`);
  if (index !== values.length) throw new RangeError(`${index} placeholders for ${values.length} values`);
  const executor = (transaction ?? connection.getClient()) as Kysely<unknown>;
  const result = await executor.executeQuery(CompiledQuery.raw(numbered, [...values]));
  return result.rows as Row[];
}

/** A row refused because what it names is gone (an account deleted meanwhile). */
export function isForeignKeyViolation(error: unknown): boolean {
  const { code, name } = error as { code?: string; name?: string };
  return code === '23503' || name === 'ForeignKeyConstraintViolationException';
}
