import type { EntityManager } from '@mikro-orm/core';
import { sql } from './sql.js';

/**
 * Deletes the rows of `table` that `where` (with `values`) picks, `batch` rows a statement, each statement its
 * own transaction on a fresh manager, until none is left or `stopped()`; returns how many went. A table of
 * history (published outbox rows, old processed-event marks) is pruned so, never in one long statement beside
 * the requests. The rows go by their addresses: with `id in (…)` the planner may scan the whole table to join
 * the batch.
 */
export async function deleteInBatches(
  em: () => EntityManager,
  {
    table,
    where,
    values,
    batch,
  }: { table: string; where: string; values: readonly unknown[]; batch: number },
  stopped: () => boolean = () => false,
): Promise<number> {
  let total = 0;
  let deleted: number;
  do {
    const [row] = await sql<{ deleted: number }>(
      em(),
      `with gone as (delete from ${table}
                      where ctid = any(array(select ctid from ${table} where ${where} limit ${batch}))
                     returning 1)
       select count(*)::int as deleted from gone`,
      values,
    );
    deleted = row?.deleted ?? 0;
    total += deleted;
  } while (deleted === batch && !stopped());
  return total;
}
