/**
 * Why a process cannot start, in words its operator can act on (a bad variable, a database it cannot
 * reach): reported as its message alone, since a stack trace would only hide it.
 */
export class StartupError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StartupError';
  }
}
