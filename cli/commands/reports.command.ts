import { Command, Option } from 'commander';
import { stdout } from '../ui/output.js';
import { uuidArgument } from './option-parsers.js';
import { runInContext, type GlobalOptions } from './run-in-context.js';

export function loadReportsCommand(program: Command): void {
  const reports = program.command('reports').description('Moderate reports members made about their matches');
  reports
    .command('list')
    .description('List reports, oldest first')
    .option('--open', 'only reports nobody has resolved yet')
    .option('--json', 'print as JSON')
    .action(async (options: { open?: boolean; json?: boolean }, command: Command) => {
      const { listReportsAction } = await import('../actions/reports.action.js');
      await runInContext(command.optsWithGlobals<GlobalOptions>(), (context) =>
        listReportsAction(context, { openOnly: options.open ?? false, json: options.json }, stdout),
      );
    });
  reports
    .command('resolve')
    .description('Resolve a report: dismiss it, or suspend the reported account')
    .argument('<id>', 'the report id (from reports list)', uuidArgument)
    .addOption(new Option('--dismiss', 'nothing to act on').conflicts('suspend'))
    .addOption(new Option('--suspend', 'suspend the reported account').conflicts('dismiss'))
    .action(async (id: string, options: { dismiss?: boolean; suspend?: boolean }, command: Command) => {
      if (!options.dismiss && !options.suspend)
        command.error('error: say --dismiss or --suspend', { exitCode: 2 });
      const { resolveReportAction } = await import('../actions/reports.action.js');
      await runInContext(command.optsWithGlobals<GlobalOptions>(), (context) =>
        resolveReportAction(context, { id, outcome: options.suspend ? 'suspend' : 'dismiss' }, stdout),
      );
    });
}
