import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pgDump } from '@electric-sql/pglite-tools/pg_dump';

/**
 * The embedded database as a plain SQL script from PostgreSQL's own pg_dump (built to WebAssembly), with
 * INSERTs for the rows: `psql -f` restores it into any PostgreSQL, and `restorePglite` into a new folder.
 * Owners and grants are left out, so it restores under whatever role the target uses. The folder must
 * not be open in another process.
 */
export async function dumpPglite(dir: string): Promise<string> {
  const pglite = await PGlite.create({ dataDir: dir });
  try {
    const file = await pgDump({ pg: pglite, args: ['--no-owner', '--no-privileges'] });
    // PGlite's pg_dump (PostgreSQL 18) resets a setting that servers before 17 do not know and refuse.
    return (await file.text()).replace(/^SET transaction_timeout = 0;\r?\n/m, '');
  } finally {
    await pglite.close();
  }
}

/** A folder PGlite may create a database in: missing, or empty. */
export function isEmptyFolder(dir: string): boolean {
  return !existsSync(dir) || readdirSync(dir).length === 0;
}

/**
 * A new embedded database in `dir` (missing or empty) from a dump's SQL. A script that fails part-way
 * leaves no folder behind, so the app never starts on half a restore.
 */
export async function restorePglite(dir: string, sql: string): Promise<void> {
  if (!isEmptyFolder(dir)) throw new Error(`${dir} is not empty`);
  mkdirSync(dirname(dir), { recursive: true });
  let pglite: PGlite | undefined;
  try {
    pglite = await PGlite.create({ dataDir: dir });
    await pglite.exec(sql);
    await pglite.close();
  } catch (error) {
    await pglite?.close().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}
