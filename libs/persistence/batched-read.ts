import DataLoader from 'dataloader';
import type { EntityManager } from '@mikro-orm/core';
import type { AbstractSqlConnection, SqlEntityManager } from '@mikro-orm/sql';
import { PreparedRead } from './prepared-read.js';

/** One id asked of one read. */
interface Ask {
  read: BatchedRead<unknown>;
  id: string;
}

/**
 * A read by primary key that the requests in flight share. Every id asked of any BatchedRead in one turn of
 * the event loop (requests read from different sockets in the same poll included, hence setImmediate) goes
 * to the database in one round trip: each read's ids as one `= any(?)` array, and the reads of the turn
 * side by side in one statement (`select (<read a>), (<read b>)`), so a match card's profile, block and
 * account checks cost one statement, not three. Under load most of a read's cost is the statement, not the
 * row: its write, the server waking up for it, the pooled connection. DataLoader does the collecting; its
 * cache is off, so every id is read after its request asked for it and a suspension, a deletion or a new
 * photo committed before counts. In a transaction the read is the transaction's own, alone.
 *
 * Each context writes its own read's SQL (one `?`, the array of ids); this class only puts the reads of a
 * turn side by side. Rows come back as JSON on every path (alone, together, in a transaction), so a column's
 * type never depends on which reads happened to share a turn: numbers and booleans as such, uuids, text and
 * timestamps as strings. Ids must be valid (checked at the edge): one a statement cannot cast fails that
 * statement; a statement of several reads that fails is retried read by read, so only the read with the
 * bad id fails its callers.
 */
export class BatchedRead<Row> {
  /** This read alone, its rows as JSON. */
  readonly alone: PreparedRead<{ rows: string | null }>;

  constructor(
    /** Names the prepared statements; unique per read. */
    readonly name: string,
    /** The read, with one `?`: the array of ids (`where id = any(?::uuid[])`). */
    readonly text: string,
    private readonly idOf: (row: Row) => string,
  ) {
    if (text.split('?').length !== 2) throw new Error(`batched read '${name}' must take one parameter`);
    this.alone = new PreparedRead(`${name}/json`, `select ${jsonOf(text)} as rows`);
  }

  /** The row of each id found, by id (as asked). */
  async byId(em: EntityManager, ids: readonly string[]): Promise<Map<string, Row>> {
    const connection = (em as SqlEntityManager).getConnection();
    const transaction = em.getTransactionContext();
    const found = new Map<string, Row>();
    if (transaction) {
      const rows = this.parse((await this.alone.run(connection, [ids], transaction))[0]?.rows);
      for (const id of ids) {
        const row = rows.get(id.toLowerCase());
        if (row !== undefined) found.set(id, row);
      }
      return found;
    }
    const answers = await roundOf(connection).loadMany(
      ids.map((id) => ({ read: this as BatchedRead<unknown>, id })),
    );
    answers.forEach((row, index) => {
      if (row instanceof Error) throw row;
      if (row !== undefined) found.set(ids[index]!, row as Row);
    });
    return found;
  }

  /** The read's rows by id in lower case (uuids come back so; a path parameter may be in upper case). */
  parse(json: string | null | undefined): Map<string, Row> {
    const rows = JSON.parse(json ?? '[]') as Row[];
    return new Map(rows.map((row) => [this.idOf(row).toLowerCase(), row]));
  }
}

function jsonOf(text: string): string {
  return `(select coalesce(json_agg(r), '[]')::text from (${text}) r)`;
}

const rounds = new WeakMap<AbstractSqlConnection, DataLoader<Ask, unknown>>();

function roundOf(connection: AbstractSqlConnection): DataLoader<Ask, unknown> {
  let round = rounds.get(connection);
  if (!round) {
    round = new DataLoader((asks) => readRound(connection, asks), {
      cache: false,
      batchScheduleFn: (run) => setImmediate(run),
      maxBatchSize: 1000,
    });
    rounds.set(connection, round);
  }
  return round;
}

/** The asks of one turn: grouped by read, each read's distinct ids, all the reads in one statement. */
async function readRound(connection: AbstractSqlConnection, asks: readonly Ask[]): Promise<unknown[]> {
  const idsByRead = new Map<BatchedRead<unknown>, Set<string>>();
  for (const { read, id } of asks) {
    let ids = idsByRead.get(read);
    if (!ids) idsByRead.set(read, (ids = new Set()));
    ids.add(id);
  }
  // In one order whatever the order of the asks, so a combination of reads is one prepared statement.
  const reads = [...idsByRead.keys()].sort((a, b) => (a.name < b.name ? -1 : 1));
  const idLists = reads.map((read) => [...idsByRead.get(read)!]);
  const answers = new Map<BatchedRead<unknown>, Map<string, unknown> | Error>();
  const alone = async (read: BatchedRead<unknown>, ids: string[]) => {
    try {
      answers.set(read, read.parse((await read.alone.run(connection, [ids]))[0]?.rows));
    } catch (error) {
      answers.set(read, error instanceof Error ? error : new Error(String(error)));
    }
  };
  if (reads.length === 1) {
    await alone(reads[0]!, idLists[0]!);
  } else {
    try {
      const [row] = await together(reads).run(connection, idLists);
      reads.forEach((read, index) => answers.set(read, read.parse(row?.[`r${index}`])));
    } catch {
      // One read's bad input must not fail the other reads' callers: each read again, on its own.
      await Promise.all(reads.map((read, index) => alone(read, idLists[index]!)));
    }
  }
  return asks.map(({ read, id }) => {
    const answer = answers.get(read)!;
    return answer instanceof Error ? answer : answer.get(id.toLowerCase());
  });
}

/** The statement for reads side by side, one per combination of reads (prepared once per connection). */
const combined = new Map<string, PreparedRead<Record<string, string | null>>>();

function together(reads: BatchedRead<unknown>[]): PreparedRead<Record<string, string | null>> {
  const key = reads.map((read) => read.name).join('+');
  let statement = combined.get(key);
  if (!statement) {
    // Named by a counter: a name made of the reads' names could pass PostgreSQL's 63-character limit.
    statement = new PreparedRead(
      `read-round-${combined.size + 1}`,
      `select ${reads.map((read, index) => `${jsonOf(read.text)} as r${index}`).join(', ')}`,
    );
    combined.set(key, statement);
  }
  return statement;
}
