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
