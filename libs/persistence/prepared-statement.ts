import type { EntityManager, Transaction } from '@mikro-orm/core';
import { PostgreSqlConnection } from '@mikro-orm/postgresql';
import type { AbstractSqlConnection, SqlEntityManager } from '@mikro-orm/sql';
import { sqlOn } from './sql.js';

const textByName = new Map<string, string>();

/**
 * A statement that runs on (nearly) every request — the access check, a profile, a photo's tag, a message
 * sent — as a named prepared statement on PostgreSQL: the server parses and plans it once per pooled
 * connection instead of once per request (planning was most of the server's time on these reads; the sessions
 * force generic plans, see `sessionOptions` in orm-options.ts). The one path around persistence/sql.ts: Kysely's
 * executor sends `query(text, values)` and cannot name a statement, so on PostgreSQL this goes to the ORM's
 * `pg` pool, where `pg` keeps the statements per connection by name.
 *
 * Written with `?` placeholders like the rest of the code; arrays are bound as one array value (write
 * `= any(?::uuid[])`, not `in (?)`). In a transaction, and on PGlite (one in-process connection whose
 * transactions the ORM serializes), the statement goes through persistence/sql.ts as any other.
 */
export class PreparedStatement<Row> {
  private readonly numbered: string;

  constructor(
    readonly name: string,
    readonly text: string,
  ) {
    // pg refuses one name for two texts on a connection; fail at load time, not on some request.
    const known = textByName.get(name);
    if (known !== undefined && known !== text) throw new Error(`prepared statement '${name}' defined twice`);
    textByName.set(name, text);
    let index = 0;
    this.numbered = text.replace(/\?/g, () => `$${++index}`);
  }

  rows(em: EntityManager, values: readonly unknown[]): Promise<Row[]> {
    return this.run((em as SqlEntityManager).getConnection(), values, em.getTransactionContext());
  }

  async run(connection: AbstractSqlConnection, values: readonly unknown[], transaction?: Transaction) {
    if (connection instanceof PostgreSqlConnection && !transaction) {
      const pool = await connection.getNativeClient();
      const result = await pool.query({ name: this.name, text: this.numbered, values: [...values] });
      return result.rows as Row[];
    }
    return sqlOn<Row>(connection, this.text, values, transaction);
  }
}
