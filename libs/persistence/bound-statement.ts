import type { EntityManager } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { CompiledQuery, type Kysely } from 'kysely';

/**
 * Runs one statement with its values bound as parameters by the driver (pg or PGlite), in the caller's
 * transaction if any. The ORM's own `execute` formats every value into the SQL text on the client; for a
 * batch of thousands of rows that text is a megabyte the server then scans token by token (a fifth of
 * PostgreSQL's time in a daily run's writes). Bound, the values skip both: arrays go as one array value.
 *
 * Written with `?` placeholders like the rest of the code; bind an array where SQL wants one
 * (`unnest(?::uuid[], ?::int[])`, `= any(?::uuid[])`). Meant for batch writes: the ORM's query log does
 * not see these statements (it would print the megabyte).
 */
export async function bound<Row = Record<string, unknown>>(
  em: EntityManager,
  sql: string,
  values: readonly unknown[],
): Promise<Row[]> {
  let index = 0;
  const numbered = sql.replace(/\?/g, () => `$${++index}`);
  if (index !== values.length) throw new RangeError(`${index} placeholders for ${values.length} values`);
  const connection = (em as SqlEntityManager).getConnection();
  const executor = (em.getTransactionContext<Kysely<unknown>>() ?? connection.getClient()) as Kysely<unknown>;
  const result = await executor.executeQuery(CompiledQuery.raw(numbered, [...values]));
  return result.rows as Row[];
}
