/** Matching's column conversions, between the driver's values and the domain's. */

/** A vector as stored in a bytea column: float32 little-endian bytes. */
export function vectorBytes(values: Float32Array): Buffer {
  return Buffer.from(values.buffer, values.byteOffset, values.byteLength);
}

/** A bytea vector as stored by vectorBytes (pg gives a Buffer, PGlite a Uint8Array). */
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
