import DataLoader from 'dataloader';
import type { EntityManager, Transaction } from '@mikro-orm/core';
import type { AbstractSqlConnection, SqlEntityManager } from '@mikro-orm/sql';
import type { PreparedRead } from './prepared-read.js';

/**
 * A read by primary key that the requests in flight share: the ids asked for in one turn of the event
 * loop (requests read from different sockets in the same poll included, hence setImmediate) go to the
 * database as one `= any(?)` statement instead of one round trip each — under load most of a read's cost
 * is the round trip, not the row. DataLoader does the collecting; its cache is off, so every id is read
 * after its request asked for it and a suspension, a deletion or a new photo committed before counts.
 * In a transaction the read is the transaction's own, unbatched.
 *
 * `read` takes the ids as one array parameter and returns at most one row per id; `idOf` names a row's id.
 * Ids must be valid (checked at the edge): one the statement cannot cast fails every request of its batch.
 */
export class BatchedRead<Row> {
  private readonly loaders = new WeakMap<AbstractSqlConnection, DataLoader<string, Row | undefined>>();

  constructor(
    private readonly read: PreparedRead<Row>,
    private readonly idOf: (row: Row) => string,
  ) {}

  /** The row of each id found, by id (as asked). */
  async byId(em: EntityManager, ids: readonly string[]): Promise<Map<string, Row>> {
    const connection = (em as SqlEntityManager).getConnection();
    const transaction = em.getTransactionContext();
    const rows = transaction
      ? await this.rowsOf(connection, ids, transaction)
      : await this.loaderOf(connection).loadMany(ids);
    const found = new Map<string, Row>();
    rows.forEach((row, index) => {
      if (row instanceof Error) throw row;
      if (row !== undefined) found.set(ids[index]!, row);
    });
    return found;
  }

  private loaderOf(connection: AbstractSqlConnection): DataLoader<string, Row | undefined> {
    let loader = this.loaders.get(connection);
    if (!loader) {
      loader = new DataLoader((ids) => this.rowsOf(connection, ids), {
        cache: false,
        batchScheduleFn: (run) => setImmediate(run),
        maxBatchSize: 1000,
      });
      this.loaders.set(connection, loader);
    }
    return loader;
  }

  private async rowsOf(
    connection: AbstractSqlConnection,
    ids: readonly string[],
    transaction?: Transaction,
  ): Promise<(Row | undefined)[]> {
    const rows = await this.read.run(connection, [ids], transaction);
    // uuids come back in lower case; a path parameter may be in upper case.
    const byId = new Map(rows.map((row) => [this.idOf(row).toLowerCase(), row]));
    return ids.map((id) => byId.get(id.toLowerCase()));
  }
}
