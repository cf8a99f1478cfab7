#!/usr/bin/env node
import '../../libs/config/thread-pool.js';
import 'reflect-metadata';
import { CommanderError } from 'commander';
import { buildProgram } from '../commands/command.loader.js';
import { describeError, ExitCode } from '../ui/cli-error.js';
import { exitWhenWritten } from '../ui/exit-when-written.js';

// `fated user show x | head -1` closes the pipe early: the rest of the output is not wanted, which is no error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
});

let finished = false;
// The event loop emptied with the command still pending: a promise nothing will settle (a connection the
// database dropped while the app was stopping, say). That is no success.
process.on('beforeExit', () => {
  if (finished) return;
  finished = true;
  process.stderr.write('fated: stopped before the command finished (was the app or the database stopped?)\n');
  process.exitCode = ExitCode.database;
});

async function main(): Promise<void> {
  const program = buildProgram();
  try {
    await program.parseAsync(process.argv);
    finished = true;
  } catch (error) {
    finished = true;
    if (error instanceof CommanderError) {
      // Commander has printed the message (or the help) already; --help exits 0, help shown for a
      // missing subcommand or a bad option exits with the usage code.
      process.exitCode = error.exitCode === 0 ? 0 : ExitCode.usage;
      return;
    }
    const { message, exitCode } = describeError(error);
    process.stderr.write(`fated: ${message}\n`);
    process.exitCode = exitCode;
  }
}

void main().then(exitWhenWritten);
