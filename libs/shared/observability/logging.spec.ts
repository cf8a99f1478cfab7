import { jest } from '@jest/globals';
import { Writable } from 'node:stream';
import { StartupError } from '../startup-error.js';
import { reportFatalStart } from './logging.js';

/** A destination that keeps what pino writes. */
function captured(): { stream: Writable; lines: () => Record<string, unknown>[] } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      chunks.push(String(chunk));
      done();
    },
  });
  const lines = () =>
    chunks
      .join('')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  return { stream, lines };
}

describe('reportFatalStart', () => {
  it('is one JSON line in production: the message, its cause, the stack', () => {
    const { stream, lines } = captured();
    const error = new Error('Nest could not resolve a dependency', { cause: new Error('no provider') });
    reportFatalStart(error, { NODE_ENV: 'production' }, stream);
    expect(lines()).toEqual([
      expect.objectContaining({
        level: 60,
        context: 'Start',
        msg: 'Nest could not resolve a dependency',
        cause: 'no provider',
        stack: expect.stringContaining('Error: Nest could not'),
      }),
    ]);
  });

  it('says what the operator can fix without a stack: the configuration, the database', () => {
    const { stream, lines } = captured();
    reportFatalStart(
      new StartupError('Invalid configuration:\n  PORT must be a number'),
      { NODE_ENV: 'production' },
      stream,
    );
    expect(lines()).toEqual([
      expect.objectContaining({ msg: 'Invalid configuration:\n  PORT must be a number' }),
    ]);
    expect(lines()[0]).not.toHaveProperty('stack');
  });

  it('is the message alone in development for a StartupError, the whole error otherwise', () => {
    const printed: unknown[] = [];
    const spy = jest.spyOn(console, 'error').mockImplementation((value: unknown) => void printed.push(value));
    try {
      const unreachable = new StartupError('could not reach the database (PostgreSQL db:5432/x): refused', {
        cause: new Error('connect ECONNREFUSED'),
      });
      const bug = new Error('undefined is not a function');
      reportFatalStart(unreachable, { NODE_ENV: 'development' });
      reportFatalStart(bug, { NODE_ENV: 'development' });
      expect(printed).toEqual(['could not reach the database (PostgreSQL db:5432/x): refused', bug]);
    } finally {
      spy.mockRestore();
    }
  });
});
