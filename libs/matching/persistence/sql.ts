import type { EntityManager } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/sql';

/** Raw SQL in the caller's transaction (if any). Matching works on sets of rows, so it speaks SQL directly. */
export function query<T = Record<string, unknown>>(em: EntityManager, sql: string, params: unknown[] = []): Promise<T[]> {
  return (em as SqlEntityManager).getConnection().execute(sql, params, 'all', em.getTransactionContext());
}

/** `?, ?, ?` for an `in (…)` list of n values. */
export function placeholders(count: number): string {
  return Array.from({ length: count }, () => '?').join(', ');
}

/** A Postgres array literal for numbers, e.g. '{1,2,3}', to be cast with ::smallint[] or ::real[]. */
export function arrayLiteral(values: ArrayLike<number> | null | undefined): string | null {
  return values ? `{${Array.prototype.join.call(values, ',')}}` : null;
}

/** Postgres arrays arrive as number[] from pg and PGlite; tolerate the text form just in case. */
export function numbers(value: unknown): number[] {
  if (Array.isArray(value)) return value.map(Number);
  if (typeof value === 'string') return value.replace(/[{}]/g, '').split(',').filter(Boolean).map(Number);
  return [];
}

/** `date` columns arrive as Date (pg) or string; matching talks in 'YYYY-MM-DD'. */
export function dayOf(value: unknown): string {
  if (value instanceof Date) {
    const y = value.getFullYear();
    const m = String(value.getMonth() + 1).padStart(2, '0');
    const d = String(value.getDate()).padStart(2, '0');
    return `${y}-${m}-${d}`;
  }
  return String(value).slice(0, 10);
}
