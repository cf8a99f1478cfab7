import type { Command } from 'commander';
import { stdout } from '../ui/output.js';
import { runInContext, type GlobalOptions } from './run-in-context.js';

export function loadStatsCommand(program: Command): void {
  program
    .command('stats')
    .description(
      "Counts: users, verified, profiles, quizzes, today's sets, interest, connections, messages, outbox pending",
    )
    .option('--json', 'print as JSON')
    .action(async (options: { json?: boolean }, command: Command) => {
      // Loaded on use, so --help does not wait for the whole app to load.
      const { statsAction } = await import('../actions/stats.action.js');
      await runInContext(command.optsWithGlobals<GlobalOptions>(), (context) =>
        statsAction(context, options, stdout),
      );
    });
}
