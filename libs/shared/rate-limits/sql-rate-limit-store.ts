import type { MikroORM } from '@mikro-orm/core';
import { sql } from '../../persistence/sql.js';

interface PgQuery {
  text: string;
  values?: unknown[];
}

/**
 * rate-limiter-flexible's PostgreSQL store speaks to a `pg` client (`query({text, values})` → `{rows,
 * rowCount}`). The app holds no `pg` pool of its own on PGlite, and on PostgreSQL the ORM owns the pool, so
 * this small adapter runs the limiter's statements on the ORM's connection: one pool, and the same table
 * on the embedded database and on every gateway sharing a PostgreSQL one.
 */
export function sqlRateLimitStore(orm: MikroORM): { query(query: PgQuery): Promise<unknown> } {
  return {
    async query({ text, values = [] }: PgQuery) {
      // sql() takes `?` placeholders in order; the limiter writes `$n`, some of them twice.
      const params: unknown[] = [];
      const statement = text.replace(/\$(\d+)/g, (_, index: string) => {
        params.push(values[Number(index) - 1]);
        return '?';
      });
      const rows = await sql(orm.em, statement, params);
      // bigint columns come back as strings (pg) or bigints (PGlite); the limiter does arithmetic on them.
      for (const row of rows)
        if (row.expire !== null && row.expire !== undefined) row.expire = Number(row.expire);
      return { rows, rowCount: rows.length };
    },
  };
}

/**
 * A RateLimiterPostgres's options for the `rate_limit` table (made by a migration). Expired rows are
 * deleted by AuthLimits' prune, not by a timer of each limiter's own.
 */
export function sharedRateLimitOptions(store: ReturnType<typeof sqlRateLimitStore>) {
  return {
    storeClient: store,
    storeType: 'adapter',
    tableName: 'rate_limit',
    tableCreated: true,
    clearExpiredByTimeout: false,
  };
}
