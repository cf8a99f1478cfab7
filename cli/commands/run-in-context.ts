import type { LogLevel } from '@nestjs/common';
import type { CliContext } from '../context/cli-context.js';
import type { CliModuleOptions } from '../context/cli.module.js';

export interface GlobalOptions {
  verbose?: boolean;
}

/** Every command's action runs inside a booted context that is settled and closed afterwards. */
export async function runInContext<T>(
  globals: GlobalOptions,
  work: (context: CliContext) => Promise<T>,
  modules: CliModuleOptions = {},
): Promise<T> {
  const logLevel: LogLevel = globals.verbose ? 'log' : 'warn';
  // The app's modules load only when a command runs, so --help answers at once.
  const { withCliContext } = await import('../context/cli-context.js');
  return withCliContext({ logLevel, ...modules }, work);
}
