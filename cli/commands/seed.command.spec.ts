import { CommanderError } from 'commander';
import { buildProgram } from './command.loader.js';

describe('fated seed on a production database', () => {
  const nodeEnv = process.env.NODE_ENV;
  afterEach(() => {
    process.env.NODE_ENV = nodeEnv;
  });

  it('refuses without --force, before touching any database', async () => {
    process.env.NODE_ENV = 'production';
    const errors: string[] = [];
    const program = buildProgram({ writeErr: (text) => void errors.push(text), writeOut: () => undefined });
    await expect(program.parseAsync(['node', 'fated', 'seed', '--users', '5'])).rejects.toMatchObject({
      exitCode: 2,
    } satisfies Partial<CommanderError>);
    expect(errors.join('')).toContain('refusing to seed a production database (add --force if you mean it)');
  });
});

describe('fated seed --connections', () => {
  const parse = async (...args: string[]) => {
    const errors: string[] = [];
    const program = buildProgram({ writeErr: (text) => void errors.push(text), writeOut: () => undefined });
    const outcome = await program.parseAsync(['node', 'fated', 'seed', ...args]).then(
      () => undefined,
      (error: CommanderError) => error,
    );
    return { outcome, errors: errors.join('') };
  };

  it('takes a whole number of pairs, at most half of the users, before touching any database', async () => {
    const tooMany = await parse('--users', '5', '--connections', '3');
    expect(tooMany.outcome).toMatchObject({ exitCode: 2 });
    expect(tooMany.errors).toContain(
      "option '--connections <n>' argument '3' is invalid. expected a whole number from 0 to 2 (half of --users).",
    );
    for (const bad of ['-1', '1.5', 'some']) {
      const { outcome, errors } = await parse('--users', '5', '--connections', bad);
      expect(outcome).toBeInstanceOf(CommanderError);
      expect(errors).toContain('expected a whole number from 0 to 500000.');
    }
  });
});
