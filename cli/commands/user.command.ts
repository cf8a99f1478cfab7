import type { Command } from 'commander';
import { stdout } from '../ui/output.js';
import { calendarDayOption, emailArgument } from './option-parsers.js';
import { runInContext, type GlobalOptions } from './run-in-context.js';

export function loadUserCommand(program: Command): void {
  const user = program.command('user').description('Inspect accounts');
  user
    .command('show')
    .description(
      "Show an account: verification, profile, quiz, and the day's matches (never the password hash)",
    )
    .argument('<email>', 'the account email', emailArgument)
    .option('-d, --date <YYYY-MM-DD>', 'whose matches to show (default: today in TZ)', calendarDayOption)
    .option('--json', 'print as JSON')
    .action(async (email: string, options: { date?: string; json?: boolean }, command: Command) => {
      // Loaded on use, so --help does not wait for the whole app to load.
      const { userShowAction } = await import('../actions/user-show.action.js');
      await runInContext(command.optsWithGlobals<GlobalOptions>(), (context) =>
        userShowAction(context, { email, date: options.date, json: options.json }, stdout),
      );
    });
  for (const [name, suspended, description] of [
    [
      'suspend',
      true,
      'Suspend an account: no sign-in, its sessions end, it is in no set and invisible to others',
    ],
    ['unsuspend', false, 'Lift the suspension of an account'],
  ] as const) {
    user
      .command(name)
      .description(description)
      .argument('<email>', 'the account email', emailArgument)
      .action(async (email: string, _options: unknown, command: Command) => {
        const { setSuspensionAction } = await import('../actions/user-suspension.action.js');
        await runInContext(command.optsWithGlobals<GlobalOptions>(), (context) =>
          setSuspensionAction(context, { email, suspended }, stdout),
        );
      });
  }
}
