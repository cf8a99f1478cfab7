import type { Command } from 'commander';
import { stdout } from '../ui/output.js';
import { matchDayOption } from './option-parsers.js';
import { runInContext, type GlobalOptions } from './run-in-context.js';

export function loadMatchCommand(program: Command): void {
  const match = program.command('match').description('Daily matching');
  match
    .command('run')
    .description(
      'Run the daily matching now: every matchable user without a set for the day gets one (best, medium, worst)',
    )
    .option(
      '-d, --date <YYYY-MM-DD>',
      'the day to match for, within a year of today (default: today in TZ)',
      matchDayOption,
    )
    .option('--json', 'print the report as JSON')
    .action(async (options: { date?: string; json?: boolean }, command: Command) => {
      // Loaded on use, so --help does not wait for the whole app to load.
      const { matchRunAction } = await import('../actions/match-run.action.js');
      await runInContext(command.optsWithGlobals<GlobalOptions>(), (context) =>
        matchRunAction(context, { date: options.date, json: options.json, progress: !options.json }, stdout),
      );
    });
}
