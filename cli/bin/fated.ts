#!/usr/bin/env node
import 'reflect-metadata';
import { CommanderError } from 'commander';
import { buildProgram } from '../commands/command.loader.js';
import { describeError, ExitCode } from '../ui/cli-error.js';

async function main(): Promise<void> {
  const program = buildProgram();
  try {
    await program.parseAsync(process.argv);
  } catch (error) {
    if (error instanceof CommanderError) {
      // Commander has printed the message (or the help) already.
      const helpShown = error.code === 'commander.helpDisplayed' || error.code === 'commander.help' || error.code === 'commander.version';
      process.exitCode = helpShown ? 0 : ExitCode.usage;
      return;
    }
    const { message, exitCode } = describeError(error);
    process.stderr.write(`fated: ${message}\n`);
    process.exitCode = exitCode;
  }
}

void main();
