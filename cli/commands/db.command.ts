import type { Command } from 'commander';
import { stdout } from '../ui/output.js';

export function loadDbCommand(program: Command): void {
  const db = program
    .command('db')
    .description('Back up and restore the embedded database (PGlite in DATA_DIR) as a pg_dump SQL script');
  db.command('dump')
    .description(
      'Write the embedded database to <file> as SQL (pg_dump, INSERTs, no owners): restorable with `fated db restore` ' +
        'or into PostgreSQL with psql. The app must be stopped. With DATABASE_URL, use pg_dump.',
    )
    .argument('<file>', 'the SQL file to write')
    .action(async (file: string) => {
      const { dumpAction } = await import('../actions/db-backup.action.js');
      await dumpAction({ file }, stdout);
    });
  db.command('restore')
    .description(
      'Create the embedded database in an empty DATA_DIR from a `fated db dump` file. With DATABASE_URL, use psql or pg_restore.',
    )
    .argument('<file>', 'the SQL file to read')
    .action(async (file: string) => {
      const { restoreAction } = await import('../actions/db-backup.action.js');
      await restoreAction({ file }, stdout);
    });
}
