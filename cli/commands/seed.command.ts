import type { Command } from 'commander';
import { DEFAULT_SEED_PASSWORD } from '../seed/seed-password.js';
import { stdout } from '../ui/output.js';
import { integerIn } from './option-parsers.js';
import { runInContext, type GlobalOptions } from './run-in-context.js';

interface SeedCommandOptions {
  users: number;
  verified?: boolean;
  seed: number;
  avatars?: boolean;
  bulk?: boolean;
  password: string;
  connections: number;
  force?: boolean;
}

export const MAX_SEED_USERS = 1_000_000;

export function loadSeedCommand(program: Command): void {
  program
    .command('seed')
    .description(
      'Create realistic, reproducible users through the same sign-up commands as the API ' +
        '(register, verify, profile, quiz). Running it again with the same seed skips the users it made before.',
    )
    .requiredOption('-u, --users <n>', 'how many users', integerIn(1, MAX_SEED_USERS))
    .option(
      '--verified',
      'make every user verified with a profile and a quiz (matchable); without it, users spread over the sign-up funnel',
    )
    .option(
      '-s, --seed <s>',
      'random seed: the same seed gives the same people and emails',
      integerIn(0, 2 ** 32 - 1),
      1,
    )
    .option('--avatars', 'give each user a generated profile photo (gradient with initials)')
    .option(
      '--bulk',
      'one transaction per 500 users instead of per-user commands: much faster for large N, same validation and events',
    )
    .option('--password <password>', 'password every seeded user signs in with', DEFAULT_SEED_PASSWORD)
    .option(
      '--connections <n>',
      'connect n mutual pairs among the seeded people (as members do: a set, interest both ways), each with a few messages; at most half of --users',
      integerIn(0, MAX_SEED_USERS / 2),
      0,
    )
    .option('--force', 'seed even when NODE_ENV=production')
    .action(async (options: SeedCommandOptions, command: Command) => {
      // Thousands of fake people with a known password do not belong in a real member base by accident.
      if (process.env.NODE_ENV === 'production' && !options.force) {
        command.error(
          'error: NODE_ENV=production: refusing to seed a production database (add --force if you mean it)',
          {
            exitCode: 2,
          },
        );
      }
      const pairs = Math.floor(options.users / 2);
      if (options.connections > pairs) {
        command.error(
          `error: option '--connections <n>' argument '${options.connections}' is invalid. expected a whole number from 0 to ${pairs} (half of --users).`,
          { exitCode: 2 },
        );
      }
      // Loaded on use, so --help does not wait for the whole app to load.
      const { seedAction } = await import('../actions/seed.action.js');
      await runInContext(command.optsWithGlobals<GlobalOptions>(), (context) =>
        seedAction(
          context,
          {
            users: options.users,
            verified: options.verified ?? false,
            seed: options.seed,
            avatars: options.avatars ?? false,
            bulk: options.bulk ?? false,
            password: options.password,
            connections: options.connections,
            progress: true,
          },
          stdout,
        ),
      );
    });
}
