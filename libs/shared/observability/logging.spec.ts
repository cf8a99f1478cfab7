import { Writable } from 'node:stream';
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
    const error = new Error('the database "x" does not exist: create it', {
      cause: new Error('database "x" does not exist'),
    });
    reportFatalStart(error, { NODE_ENV: 'production' }, stream);
    expect(lines()).toEqual([
      expect.objectContaining({
        level: 60,
        context: 'Start',
        msg: 'the database "x" does not exist: create it',
        cause: 'database "x" does not exist',
        stack: expect.stringContaining('Error: the database'),
      }),
    ]);
  });

  it('says what is wrong with the configuration without a stack', () => {
    const { stream, lines } = captured();
    reportFatalStart(
      new Error('Invalid configuration:\n  PORT must be a number'),
      { NODE_ENV: 'production' },
      stream,
    );
    expect(lines()).toEqual([
      expect.objectContaining({ msg: 'Invalid configuration:\n  PORT must be a number' }),
    ]);
    expect(lines()[0]).not.toHaveProperty('stack');
  });
});
