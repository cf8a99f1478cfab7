import type { EntityManager } from '@mikro-orm/core';
import type { AbstractSqlConnection, SqlEntityManager } from '@mikro-orm/sql';
import { PreparedStatement } from './prepared-statement.js';

/** One caller's ids asked of one read, and how to answer it. */
interface Ask {
  read: BatchedRead<unknown>;
  ids: readonly string[];
  answer(rows: Map<string, unknown>): void;
  fail(error: Error): void;
}

/**
 * A read by primary key that the requests in flight share. Every id asked of any BatchedRead in one turn of
 * the event loop (requests read from different sockets in the same poll included, hence setImmediate), or
 * within two milliseconds of the round's first ask if the turn is longer, goes to the database in one
 * round trip: each read's ids as one `= any(?)` array, and the reads of the turn
 * side by side in one statement (`select (<read a>), (<read b>)`), so a match card's profile, block and
 * account checks cost one statement, not three. Under load most of a read's cost is the statement, not the
 * row: its write, the server waking up for it, the pooled connection. Nothing is cached: every id is read
 * after its request asked for it, so a suspension, a deletion or a new photo committed before counts. In a
 * transaction the read is the transaction's own, alone.
 *
 * The collecting is written here, not DataLoader's: a round must be sendable before its turn ends, and a
 * caller's ids are one ask with one promise (DataLoader made a promise per id, several per request).
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
  readonly alone: PreparedStatement<{ rows: string | null }>;

  constructor(
    /** Names the prepared statements; unique per read. */
    readonly name: string,
    /** The read, with one `?`: the array of ids (`where id = any(?::uuid[])`). */
    readonly text: string,
    private readonly idOf: (row: Row) => string,
  ) {
    if (text.split('?').length !== 2) throw new Error(`batched read '${name}' must take one parameter`);
    this.alone = new PreparedStatement(`${name}/json`, `select ${jsonOf(text)} as rows`);
  }

  /** The row of each id found, by id (as asked). */
  async byId(em: EntityManager, ids: readonly string[]): Promise<Map<string, Row>> {
    const connection = (em as SqlEntityManager).getConnection();
    const transaction = em.getTransactionContext();
    const rows = transaction
      ? this.parse((await this.alone.run(connection, [ids], transaction))[0]?.rows)
      : ((await ask(connection, this as BatchedRead<unknown>, ids)) as Map<string, Row>);
    const found = new Map<string, Row>();
    for (const id of ids) {
      const row = rows.get(id.toLowerCase());
      if (row !== undefined) found.set(id, row);
    }
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

/**
 * How long the first ask of a round may wait for the rest of its turn. Under load one turn handles dozens
 * of requests; sent only at the turn's end, the first ones' reads waited for all of them while PostgreSQL
 * sat idle, and the requests moved in one convoy (gateway busy, then PostgreSQL, then the clients). Sent
 * once it is this old, a round overlaps the database's work with the gateway's. Each statement costs both
 * sides a socket write and a wake-up, which on a busy gateway outweighs the read itself, so shorter waits
 * cost CPU in rounds too small; much longer ones hardly split the convoy.
 */
const MAX_ROUND_WAIT_MS = 2;

/** Ids a round takes before it is sent, whatever its age (the statement's arrays stay small). */
const MAX_ROUND_IDS = 1000;

/** The asks being collected on one connection, until they are sent as one statement. */
class Round {
  readonly asks: Ask[] = [];
  readonly openedAt = performance.now();
  ids = 0;
  private sent = false;

  constructor(private readonly connection: AbstractSqlConnection) {
    setImmediate(() => this.send());
  }

  send(): void {
    if (this.sent) return;
    this.sent = true;
    if (collecting.get(this.connection) === this) collecting.delete(this.connection);
    readRound(this.connection, this.asks).catch((error: unknown) => {
      for (const ask of this.asks) ask.fail(error instanceof Error ? error : new Error(String(error)));
    });
  }
}

const collecting = new WeakMap<AbstractSqlConnection, Round>();

/**
 * Adds `ids` to the round being collected on `connection`; answers with the read's rows of that round, by id
 * in lower case.
 */
function ask(
  connection: AbstractSqlConnection,
  read: BatchedRead<unknown>,
  ids: readonly string[],
): Promise<Map<string, unknown>> {
  let round = collecting.get(connection);
  if (!round) collecting.set(connection, (round = new Round(connection)));
  const rows = new Promise<Map<string, unknown>>((answer, fail) =>
    round.asks.push({ read, ids, answer, fail }),
  );
  round.ids += ids.length;
  if (round.ids >= MAX_ROUND_IDS || performance.now() - round.openedAt > MAX_ROUND_WAIT_MS) round.send();
  return rows;
}

/** The asks of one round: grouped by read, each read's distinct ids, all the reads in one statement. */
async function readRound(connection: AbstractSqlConnection, asks: readonly Ask[]): Promise<void> {
  const idsByRead = new Map<BatchedRead<unknown>, Set<string>>();
  for (const { read, ids } of asks) {
    let distinct = idsByRead.get(read);
    if (!distinct) idsByRead.set(read, (distinct = new Set()));
    for (const id of ids) distinct.add(id);
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
  for (const { read, answer, fail } of asks) {
    const rows = answers.get(read)!;
    if (rows instanceof Error) fail(rows);
    else answer(rows);
  }
}

/** The statement for reads side by side, one per combination of reads (prepared once per connection). */
const combined = new Map<string, PreparedStatement<Record<string, string | null>>>();

function together(reads: BatchedRead<unknown>[]): PreparedStatement<Record<string, string | null>> {
  const key = reads.map((read) => read.name).join('+');
  let statement = combined.get(key);
  if (!statement) {
    // Named by a counter: a name made of the reads' names could pass PostgreSQL's 63-character limit.
    statement = new PreparedStatement(
      `read-round-${combined.size + 1}`,
      `select ${reads.map((read, index) => `${jsonOf(read.text)} as r${index}`).join(', ')}`,
    );
    combined.set(key, statement);
  }
  return statement;
}
