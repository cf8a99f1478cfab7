import { Logger, type LoggerService } from '@nestjs/common';
import { logProcessWarnings } from './process-warnings.js';

describe('logProcessWarnings', () => {
  const lines: [string, string][] = [];
  const listeners = process.listeners('warning');
  beforeAll(() => {
    const record = (level: string) => (message: unknown) => void lines.push([level, String(message)]);
    const logger: LoggerService = {
      log: record('log'),
      error: record('error'),
      warn: record('warn'),
      debug: record('debug'),
    };
    Logger.overrideLogger(logger);
  });
  afterAll(() => {
    process.removeAllListeners('warning');
    for (const listener of listeners) process.on('warning', listener);
    Logger.overrideLogger(true);
  });

  it("writes Node's warnings as log lines; kafkajs's negative timers as debug", () => {
    logProcessWarnings();
    // As process.emitWarning emits them (emitted here on the test's own process object).
    const warning = (name: string, message: string) => Object.assign(new Error(message), { name });
    process.emit('warning', warning('DeprecationWarning', 'something is deprecated'));
    process.emit('warning', warning('TimeoutNegativeWarning', '-1795869280504 is a negative number.'));
    expect(lines).toEqual([
      ['warn', 'DeprecationWarning: something is deprecated'],
      ['debug', 'TimeoutNegativeWarning: -1795869280504 is a negative number.'],
    ]);
  });
});
