import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CliError, ExitCode } from '../ui/cli-error.js';
import { bufferOutput } from '../ui/output.js';
import { dumpAction, writePrivately } from './db-backup.action.js';

describe('fated db dump', () => {
  let folder: string;
  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'fated-dump-'));
  });
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  it('refuses a file in a folder that does not exist, before dumping anything', async () => {
    const dataDir = join(folder, 'data');
    mkdirSync(join(dataDir, 'pglite'), { recursive: true });
    const missing = join(folder, 'backups');
    await expect(
      dumpAction(
        { file: join(missing, 'x.sql'), env: { NODE_ENV: 'test', DATA_DIR: dataDir } },
        bufferOutput(),
      ),
    ).rejects.toMatchObject({
      constructor: CliError,
      message: `The folder ${missing} does not exist; create it first.`,
      exitCode: ExitCode.usage,
    });
  });

  it('leaves the dump readable by its owner only, over an existing file too', () => {
    const file = join(folder, 'x.sql');
    writeFileSync(file, 'old');
    chmodSync(file, 0o644);
    writePrivately(file, '-- PostgreSQL database dump');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8')).toBe('-- PostgreSQL database dump');
    expect(readdirSync(folder)).toEqual(['x.sql']);
  });
});
