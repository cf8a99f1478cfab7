import type { Command } from 'commander';
import { stdout } from '../ui/output.js';
import { uuidArgument } from './option-parsers.js';
import { runInContext, type GlobalOptions } from './run-in-context.js';

export function loadEventsCommand(program: Command): void {
  const events = program.command('events').description('Inspect and retry events consumers gave up on');
  events
    .command('dead-letters')
    .description('List parked events (dead letters), oldest first, with the consumer and its error')
    .option('--json', 'print as JSON')
    .action(async (options: { json?: boolean }, command: Command) => {
      const { listDeadLettersAction } = await import('../actions/events.action.js');
      await runInContext(command.optsWithGlobals<GlobalOptions>(), (context) =>
        listDeadLettersAction(context, { json: options.json }, stdout),
      );
    });
  events
    .command('replay')
    .description('Run the consumer of a dead letter again; on success the dead letter goes')
    .argument('<id>', 'the dead letter id (from events dead-letters)', uuidArgument)
    .action(async (id: string, _options: object, command: Command) => {
      const { replayDeadLetterAction } = await import('../actions/events.action.js');
      // The consumers load here even with KAFKA_BROKERS (where the CLI otherwise leaves them to matchers).
      await runInContext(
        command.optsWithGlobals<GlobalOptions>(),
        (context) => replayDeadLetterAction(context, { id }, stdout),
        { consumers: true },
      );
    });
}
