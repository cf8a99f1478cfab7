import { Command, type OutputConfiguration } from 'commander';
import { loadMatchCommand } from './match.command.js';
import { loadSeedCommand } from './seed.command.js';
import { loadStatsCommand } from './stats.command.js';
import { loadUserCommand } from './user.command.js';
import { loadReportsCommand } from './reports.command.js';
import { loadEventsCommand } from './events.command.js';
import { loadDbCommand } from './db.command.js';

/** The whole command tree; bin/fated.ts only parses and reports. `output` redirects commander's own messages (tests). */
export function buildProgram(output?: OutputConfiguration): Command {
  const program = new Command('fated')
    .description(
      'Fated operator CLI: seed users, run the daily matching, inspect accounts, moderate reports, retry events.\n' +
        'Works on the same database as the app: PGlite in DATA_DIR (default ./data; through the running ' +
        "app's socket there, or the folder itself when the app is stopped) or PostgreSQL with DATABASE_URL.",
    )
    .option('-v, --verbose', 'show the app log (migrations, matching) as well as warnings')
    // Usage errors are thrown to bin/fated.ts (exit code 2) instead of exiting here; subcommands inherit it.
    .exitOverride()
    .showHelpAfterError('(add --help for usage)')
    .configureHelp({ sortSubcommands: false })
    .allowExcessArguments(false);
  if (output) program.configureOutput(output);
  loadSeedCommand(program);
  loadMatchCommand(program);
  loadUserCommand(program);
  loadStatsCommand(program);
  loadReportsCommand(program);
  loadEventsCommand(program);
  loadDbCommand(program);
  for (const command of program.commands) command.allowExcessArguments(false);
  return program;
}
