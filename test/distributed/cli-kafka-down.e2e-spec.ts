import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createTestDatabase } from '../support/test-database.js';
import { REPO_ROOT, SHARED_MODELS_DIR, TEST_MODEL } from '../support/test-app.js';

process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';

const FATED = resolve(REPO_ROOT, 'dist/cli/bin/fated.js');

/** A loopback port nothing listens on: a broker that is down. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const { port } = server.address() as { port: number };
  await new Promise((closed) => server.close(closed));
  return port;
}

/**
 * The CLI of the distributed deployment (KAFKA_BROKERS set) while the broker is down: a command that records
 * no event needs no broker, finishes by itself, and keeps its output to itself (warnings go to stderr).
 */
describe('the CLI with KAFKA_BROKERS set and the broker down', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'fated-kafka-down-'));
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let brokers: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    brokers = `127.0.0.1:${await closedPort()}`;
  });
  afterAll(async () => {
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  function fated(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
    const child = spawn(process.execPath, [FATED, ...args], {
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '/tmp',
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        DATABASE_URL: database.url!,
        KAFKA_BROKERS: brokers,
        MODELS_DIR: SHARED_MODELS_DIR,
        EMBEDDING_MODEL: TEST_MODEL,
        TZ: 'UTC',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    // A command that does not end is the failure looked for here: it is stopped, and reported as such.
    const stop = setTimeout(() => child.kill('SIGKILL'), 90_000);
    return new Promise((done) =>
      child.on('exit', (code) => {
        clearTimeout(stop);
        done({ code, stdout, stderr });
      }),
    );
  }

  it('writes all of a long output through a pipe before it exits', async () => {
    // More than a pipe holds at once (64 KiB), read slowly, as `fated reports list --json | jq` may.
    const child = spawn(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import { exitWhenWritten } from ${JSON.stringify(resolve(REPO_ROOT, 'dist/cli/ui/exit-when-written.js'))};
         process.stdout.write('x'.repeat(200_000) + '\\n');
         await exitWhenWritten();`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    child.stdout.pause();
    await new Promise((resolve) => setTimeout(resolve, 300));
    let bytes = 0;
    child.stdout.on('data', (chunk: Buffer) => (bytes += chunk.length));
    child.stdout.resume();
    await new Promise((exited) => child.on('close', exited));
    expect(bytes).toBe(200_001);
  });

  it('answers `stats --json` with JSON alone on stdout and exits 0', async () => {
    const stats = await fated(['stats', '--json']);
    expect({ code: stats.code, stderr: stats.stderr }).toEqual({ code: 0, stderr: expect.any(String) });
    expect(JSON.parse(stats.stdout)).toMatchObject({ users: 0, outboxPending: 0 });
    expect(stats.stdout).not.toContain('Kafka');
  }, 120_000);
});
