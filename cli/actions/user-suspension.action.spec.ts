import { CommandBus } from '@nestjs/cqrs';
import { AccountErrors } from '../../libs/accounts/account-errors.js';
import type { CliContext } from '../context/cli-context.js';
import { CliError, ExitCode } from '../ui/cli-error.js';
import { bufferOutput } from '../ui/output.js';
import { setSuspensionAction } from './user-suspension.action.js';

/** A context whose command bus answers `execute` with `answer`. */
function contextAnswering(answer: () => Promise<unknown>): CliContext {
  const bus = { execute: answer } as unknown as CommandBus;
  return { app: { get: () => bus } } as unknown as CliContext;
}

describe('setSuspensionAction', () => {
  it('says what changed, or that nothing had to', async () => {
    const cases = [
      { suspended: true, changed: true, line: 'ann@example.com is suspended.' },
      { suspended: true, changed: false, line: 'ann@example.com was already suspended.' },
      { suspended: false, changed: true, line: 'ann@example.com is no longer suspended.' },
      { suspended: false, changed: false, line: 'ann@example.com is not suspended.' },
    ];
    for (const { suspended, changed, line } of cases) {
      const out = bufferOutput();
      const context = contextAnswering(() => Promise.resolve({ userId: 'u1', changed }));
      await setSuspensionAction(context, { email: ' Ann@Example.com', suspended }, out);
      expect(out.lines).toEqual([line]);
    }
  });

  it('words an unknown email as `fated user show` does', async () => {
    const context = contextAnswering(() => Promise.reject(AccountErrors.accountNotFound()));
    for (const suspended of [true, false]) {
      await expect(
        setSuspensionAction(context, { email: 'nobody@x.com', suspended }, bufferOutput()),
      ).rejects.toMatchObject({
        constructor: CliError,
        message: 'No account with the email nobody@x.com',
        exitCode: ExitCode.notFound,
      });
    }
  });
});
