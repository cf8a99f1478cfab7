import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, type WriteStream } from 'node:fs';
import { createServer } from 'node:net';
import { resolve } from 'node:path';

/** A built app (`node dist/apps/…/main.js`) running as its own OS process, its output kept for assertions. */
export class AppProcess {
  private output = '';
  private readonly child: ChildProcess;
  private readonly log: WriteStream;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;

  constructor(
    readonly name: string,
    script: string,
    env: Record<string, string>,
    logDir: string,
  ) {
    mkdirSync(logDir, { recursive: true });
    this.log = createWriteStream(resolve(logDir, `${name}.log`));
    this.child = spawn(process.execPath, [script], {
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', NO_COLOR: '1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (chunk: Buffer) => {
      this.output += chunk.toString();
      this.log.write(chunk);
    };
    this.child.stdout!.on('data', keep);
    this.child.stderr!.on('data', keep);
    this.exited = new Promise((done) => this.child.on('exit', (code, signal) => done({ code, signal })));
  }

  get pid(): number {
    return this.child.pid!;
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  get logs(): string {
    return this.output;
  }

  lines(pattern: RegExp): RegExpExecArray[] {
    return [
      ...this.output.matchAll(
        new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`),
      ),
    ];
  }

  /** Waits until the output matches; fails early with the output's tail when the process dies. */
  async waitForLog(pattern: RegExp, timeoutMs = 60_000): Promise<RegExpExecArray> {
    return waitFor(`${this.name} to log ${pattern}`, timeoutMs, async () => {
      if (!this.running) throw new Error(`${this.name} exited:\n${this.output.slice(-3000)}`);
      return pattern.exec(this.output) ?? undefined;
    });
  }

  /** SIGKILL: no shutdown hooks, no leaving the consumer group — as a crash or an OOM kill. */
  async crash(): Promise<void> {
    this.child.kill('SIGKILL');
    await this.exited;
  }

  /** SIGTERM and wait for a clean exit; SIGKILL after the grace period. Resolves with the seconds it took. */
  async stop(graceMs = 20_000): Promise<{ seconds: number; killed: boolean }> {
    const started = Date.now();
    if (!this.running) return { seconds: 0, killed: false };
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), graceMs);
    const { signal } = await this.exited;
    clearTimeout(timer);
    this.log.end();
    return { seconds: (Date.now() - started) / 1000, killed: signal === 'SIGKILL' };
  }
}

/** Polls `probe` until it returns a value (not undefined), or fails with what it was waiting for. */
export async function waitFor<T>(
  what: string,
  timeoutMs: number,
  probe: () => Promise<T | undefined>,
  everyMs = 250,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (error) {
      if ((error as Error).message.includes('exited:')) throw error;
      lastError = error;
    }
    if (Date.now() > deadline) {
      throw new Error(
        `timed out after ${timeoutMs} ms waiting for ${what}${lastError ? `: ${(lastError as Error).message}` : ''}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
