import type { EntityManager } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { arrayLiteral } from '../persistence/prepared-read.js';

/** A statement in the caller's transaction, if any; an array parameter is one array literal (`?::uuid[]`). */
export function run<T>(em: EntityManager, sql: string, params: unknown[]): Promise<T[]> {
  return (em as SqlEntityManager)
    .getConnection()
    .execute(sql, params.map(arrayLiteral), 'all', em.getTransactionContext());
}

/** A pair's two ids in the order the tables keep them (`user_a` < `user_b`). */
export function ordered(one: string, other: string): [string, string] {
  const a = one.toLowerCase();
  const b = other.toLowerCase();
  return a < b ? [a, b] : [b, a];
}
