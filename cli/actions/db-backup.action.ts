import {
  accessSync,
  constants,
  existsSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { AppConfig } from '../../libs/config/app-config.js';
import { dumpPglite, isEmptyFolder, restorePglite } from '../../libs/persistence/pglite-backup.js';
import { claimPgliteFolder, findPgliteUser } from '../../libs/persistence/pglite-in-use.js';
import { CliError, ExitCode } from '../ui/cli-error.js';
import type { Output } from '../ui/output.js';

export interface BackupOptions {
  file: string;
  /** Environment to read instead of process.env (tests). */
  env?: NodeJS.ProcessEnv;
}

/** `fated db dump <file>`: the embedded database as a pg_dump SQL script. */
export async function dumpAction(options: BackupOptions, out: Output): Promise<{ bytes: number }> {
  const dir = pgliteFolder(options.env, 'dump');
  if (!existsSync(dir))
    throw new CliError(`There is no embedded database in ${dir} to dump.`, ExitCode.notFound);
  const file = resolve(options.file);
  assertWritableTarget(file);
  assertFree(dir);
  let sql: string;
  try {
    sql = await dumpPglite(dir);
  } catch (error) {
    throw new CliError(
      `Could not dump ${dir}: ${(error as Error).message.split('\n')[0]}`,
      ExitCode.database,
    );
  }
  writePrivately(file, sql);
  const bytes = Buffer.byteLength(sql);
  out.line(
    `Dumped ${dir} to ${file} (${(bytes / 1024 / 1024).toFixed(1)} MB of SQL). Restore it with ` +
      '`fated db restore` into an empty DATA_DIR, or into PostgreSQL with `psql -v ON_ERROR_STOP=1 -d <database> -f` ' +
      'and then run the app with DATABASE_URL.',
  );
  return { bytes };
}

/** `fated db restore <file>`: a new embedded database in an empty DATA_DIR from such a script. */
export async function restoreAction(options: BackupOptions, out: Output): Promise<void> {
  const dir = pgliteFolder(options.env, 'restore');
  const file = resolve(options.file);
  if (!existsSync(file)) throw new CliError(`No file ${file}.`, ExitCode.notFound);
  if (!isEmptyFolder(dir)) {
    throw new CliError(
      `${dir} already holds a database; restore only into an empty DATA_DIR (set DATA_DIR to a new folder, ` +
        'or move this one aside first).',
    );
  }
  const sql = readFileSync(file, 'utf8');
  if (!/^-- PostgreSQL database dump/m.test(sql)) throw new CliError(`${file} is not a pg_dump SQL script.`);
  try {
    await restorePglite(dir, sql);
  } catch (error) {
    // The script failed (a truncated or edited dump): a failure of the file, not a busy database.
    throw new CliError(
      `Could not restore ${file}: ${(error as Error).message.split('\n')[0]}`,
      ExitCode.failure,
    );
  }
  out.line(`Restored ${file} into ${dir}. Start the app (npm start) with this DATA_DIR.`);
}

/** PGlite's folder in DATA_DIR; with DATABASE_URL, PostgreSQL's own tools are the way. */
function pgliteFolder(env: NodeJS.ProcessEnv = process.env, verb: 'dump' | 'restore'): string {
  let config: AppConfig;
  try {
    config = AppConfig.fromEnvironment(env);
  } catch (error) {
    throw new CliError((error as Error).message.replace(/:\n\s*/, ': ').replace(/\n\s*/g, '; '));
  }
  if (config.database.kind === 'postgres') {
    throw new CliError(
      verb === 'dump'
        ? `fated db dump is for the embedded database; with DATABASE_URL use PostgreSQL's own: pg_dump -Fc -f fated.dump "$DATABASE_URL"`
        : `fated db restore is for the embedded database; with DATABASE_URL use PostgreSQL's own: pg_restore --no-owner -d "$DATABASE_URL" fated.dump (or psql -f for a SQL script)`,
      ExitCode.usage,
    );
  }
  return config.database.dir;
}

/** Checked before the dump, which takes a while: a target it cannot write would fail it only at the end. */
function assertWritableTarget(file: string): void {
  const folder = dirname(file);
  if (!existsSync(folder))
    throw new CliError(`The folder ${folder} does not exist; create it first.`, ExitCode.usage);
  if (!statSync(folder).isDirectory())
    throw new CliError(`${folder} is not a folder; dump into a folder.`, ExitCode.usage);
  if (existsSync(file) && statSync(file).isDirectory())
    throw new CliError(`${file} is a folder; name the file to dump into.`, ExitCode.usage);
  try {
    accessSync(folder, constants.W_OK | constants.X_OK);
  } catch {
    throw new CliError(`The folder ${folder} is not writable; dump into another one.`, ExitCode.usage);
  }
}

/**
 * Everyone's data, password hashes included: readable by its owner only, like DATA_DIR. Written beside the
 * file and renamed over it, since an existing file would keep its own mode (and a failed write its old dump).
 */
export function writePrivately(file: string, text: string): void {
  const temporary = join(dirname(file), `.${basename(file)}.${process.pid}.tmp`);
  try {
    writeFileSync(temporary, text, { mode: 0o600, flag: 'wx' });
    renameSync(temporary, file);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}

function assertFree(dir: string): void {
  // Claimed for this command (given back when it exits): an app started meanwhile refuses the folder.
  const user = claimPgliteFolder(dir) ?? findPgliteUser(dir);
  if (!user) return;
  const who =
    user === 'unknown' ? 'another process' : `process ${user.pid}${user.command ? ` (${user.command})` : ''}`;
  throw new CliError(
    `${dir} is open in ${who}. A dump reads the folder itself: stop the app (or wait for the other command) first.`,
    ExitCode.database,
  );
}
