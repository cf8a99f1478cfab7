import { DomainError } from '../../libs/shared/domain-error.js';

/** A failure the person at the terminal can act on: printed as one line, with a non-zero exit code. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

/** Exit codes: 1 failure, 2 bad usage (commander's own), 3 not found, 4 database busy or unreachable. */
export const ExitCode = { failure: 1, usage: 2, notFound: 3, database: 4 } as const;

/** One line for anything thrown: our own and the domain's messages as they are, others with their class. */
export function describeError(error: unknown): { message: string; exitCode: number } {
  if (error instanceof CliError) return { message: error.message, exitCode: error.exitCode };
  if (error instanceof DomainError) {
    return {
      message: error.message,
      exitCode: error.kind === 'not-found' ? ExitCode.notFound : ExitCode.failure,
    };
  }
  if (error instanceof Error) {
    const firstLine = error.message.split('\n')[0]!;
    return { message: firstLine || error.name, exitCode: ExitCode.failure };
  }
  return { message: String(error), exitCode: ExitCode.failure };
}
