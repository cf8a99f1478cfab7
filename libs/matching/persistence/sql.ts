import type { EntityManager } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/sql';

/** Raw SQL in the caller's transaction (if any). Matching works on sets of rows, so it speaks SQL directly. */
export function query<T = Record<string, unknown>>(
  em: EntityManager,
  sql: string,
  params: unknown[] = [],
): Promise<T[]> {
  return (em as SqlEntityManager).getConnection().execute(sql, params, 'all', em.getTransactionContext());
}

/** A row refused because what it names is gone (an account deleted meanwhile). */
export function isForeignKeyViolation(error: unknown): boolean {
  const { code, name } = error as { code?: string; name?: string };
  return code === '23503' || name === 'ForeignKeyConstraintViolationException';
}

/** `?, ?, ?` for an `in (…)` list of n values. */
export function placeholders(count: number): string {
  return Array.from({ length: count }, () => '?').join(', ');
}

/**
 * Literals for statements built whole, without `?` parameters. The ORM escapes parameters one character
 * at a time, which costs seconds on the hundreds of kilobytes of summaries and vectors a run writes;
 * these do the same escaping with one regular expression each.
 */
export const literal = {
  text(value: string): string {
    // NUL cannot be stored in text; backslashes only matter without standard_conforming_strings.
    const body = value.replace(/\0/g, '').replace(/'/g, "''");
    return body.includes('\\') ? `E'${body.replace(/\\/g, '\\\\')}'` : `'${body}'`;
  },
  uuid(value: string): string {
    return `'${checkedUuid(value)}'::uuid`;
  },
  /** A uuid[] for `= any(…)`: one literal instead of a parameter per id. */
  uuids(values: readonly string[]): string {
    return `'{${values.map(checkedUuid).join(',')}}'::uuid[]`;
  },
  int(value: number): string {
    if (!Number.isSafeInteger(value)) throw new RangeError(`not an integer: ${value}`);
    return String(value);
  },
  timestamp(value: Date): string {
    return `'${value.toISOString()}'::timestamptz`;
  },
  smallints(values: readonly number[]): string {
    return `'{${values.map((value) => literal.int(value)).join(',')}}'::smallint[]`;
  },
  /** float32 little-endian bytes, or null. */
  vector(values: Float32Array | null): string {
    if (!values) return 'null';
    return literal.bytes(new Uint8Array(values.buffer, values.byteOffset, values.byteLength));
  },
  bytes(value: Uint8Array): string {
    return `decode('${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex')}', 'hex')`;
  },
  nullableText(value: string | null): string {
    return value === null ? 'null' : literal.text(value);
  },
};

function checkedUuid(value: string): string {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value))
    throw new RangeError(`not a uuid: ${value}`);
  return value;
}

/** A bytea vector as stored by literal.vector (pg gives a Buffer, PGlite a Uint8Array). */
export function vectorOf(value: unknown): Float32Array | null {
  if (!(value instanceof Uint8Array) || value.byteLength === 0 || value.byteLength % 4 !== 0) return null;
  // Copy into a buffer of its own: the driver's bytes may not be 4-byte aligned, and a node Buffer's
  // slice() is a view into a shared pool whose .buffer is the whole pool (pg gives Buffers, PGlite does not).
  const copy = new Uint8Array(value.byteLength);
  copy.set(value);
  return new Float32Array(copy.buffer);
}

/** Postgres arrays arrive as number[] from pg and PGlite; tolerate the text form just in case. */
export function numbers(value: unknown): number[] {
  if (Array.isArray(value)) return value.map(Number);
  if (typeof value === 'string') return value.replace(/[{}]/g, '').split(',').filter(Boolean).map(Number);
  return [];
}
