import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { MailCatcher, verificationLinkIn } from '../../support/mail-catcher.js';
import { createTestDatabase } from '../../support/test-database.js';
import { describeMachine, megabytes } from '../support/machine.js';

/**
 * A soak run: the built gateway (one process, the embedded matcher included) under mixed traffic on
 * loopback for a fixed time — sign-ups that follow the mailed link, logins, profile saves, photo uploads,
 * quizzes, match requests, profile and waitlist reads — from several simulated clients (own accounts, own
 * X-Forwarded-For behind TRUST_PROXY=loopback). Bounded in time and in requests. It reports per route the
 * count, 429s (limits working), 5xx (must be 0) and p50/p99, and the server's resident memory and open file
 * descriptors after warm-up and at the end. Exits non-zero on any 5xx.
 *
 *   npm run bench -- soak [--minutes 10] [--clients 12] [--max-requests 200000]
 */
const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '10' },
    clients: { type: 'string', default: '12' },
    'max-requests': { type: 'string', default: '200000' },
  },
});
const minutes = Number(values.minutes);
const clients = Number(values.clients);
const maxRequests = Number(values['max-requests']);
if (!(minutes > 0) || !Number.isInteger(clients) || clients < 1 || !(maxRequests > 0)) {
  console.error('usage: npm run bench -- soak [--minutes M] [--clients N] [--max-requests R]');
  process.exit(2);
}

const ROOT = resolve(import.meta.dirname, '../../../../..');
const GATEWAY = resolve(ROOT, 'dist/bench/apps/gateway/main.js');
const PASSWORD = 'correct horse battery';

interface RouteStats {
  latencies: number[];
  byStatus: Map<number, number>;
}
const routes = new Map<string, RouteStats>();
let sent = 0;
let stopAt = 0;

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer().once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

/** Resident memory (VmRSS) and open file descriptors of the server process, from /proc. */
function serverResources(pid: number): { rss: number; fds: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return { rss: rssKb * 1024, fds: readdirSync(`/proc/${pid}/fd`).length };
}

function record(route: string, status: number, ms: number): void {
  let stats = routes.get(route);
  if (!stats) routes.set(route, (stats = { latencies: [], byStatus: new Map() }));
  stats.latencies.push(ms);
  stats.byStatus.set(status, (stats.byStatus.get(status) ?? 0) + 1);
}

const done = () => Date.now() >= stopAt || sent >= maxRequests;

class Client {
  private token: string | undefined;
  private id: string | undefined;
  private email = '';
  private accounts = 0;

  constructor(
    private readonly base: string,
    private readonly address: string,
    private readonly n: number,
    private readonly mail: MailCatcher,
    private readonly photo: Buffer,
  ) {}

  private async call(
    route: string,
    method: string,
    path: string,
    body?: unknown,
    form?: FormData,
  ): Promise<{ status: number; json: any }> {
    sent++;
    const headers: Record<string, string> = { 'x-forwarded-for': this.address };
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const started = performance.now();
    let status: number;
    let json: any;
    try {
      const response = await fetch(`${this.base}${path}`, {
        method,
        headers,
        body: form ?? (body === undefined ? undefined : JSON.stringify(body)),
      });
      status = response.status;
      json = (response.headers.get('content-type') ?? '').includes('json') ? await response.json() : undefined;
      if (!json) await response.arrayBuffer();
    } catch {
      status = 599; // no answer at all counts with the 5xx
    }
    record(route, status, performance.now() - started);
    return { status, json };
  }

  /** A new member, all the way: sign-up, mailed link, sign-in, profile, photo, quiz. */
  private async join(): Promise<boolean> {
    this.token = undefined;
    this.email = `soak-${this.n}-${++this.accounts}-${Date.now()}@example.com`;
    const registered = await this.call('POST /register', 'POST', '/register', {
      name: `Soak ${this.n}`,
      email: this.email,
      password: PASSWORD,
    });
    if (registered.status !== 201) return false;
    this.id = registered.json.id;
    await this.call('POST /register/verify', 'POST', '/register/verify', { id: this.id, name: 'x', email: this.email });
    const link = verificationLinkIn(await this.mail.waitFor(this.email, undefined, 30_000));
    await this.call('POST /verification', 'POST', '/verification', { id: link.id, emailToken: link.token });
    if (!(await this.logIn())) return false;
    await this.saveProfile();
    const form = new FormData();
    form.append('id', this.id!);
    form.append('avatar', new Blob([new Uint8Array(this.photo)], { type: 'image/png' }), 'me.png');
    await this.call('POST /image/upload', 'POST', '/image/upload', undefined, form);
    const answers = Array.from({ length: 19 }, (_, q) => ({ id: q + 1, choice: ((q * this.n + this.accounts) % 5) + 1, txt: 'x' }));
    await this.call('POST /match/generate', 'POST', '/match/generate', { id: this.id, answers });
    return true;
  }

  private async logIn(): Promise<boolean> {
    this.token = undefined;
    const login = await this.call('POST /login', 'POST', '/login', { email: this.email, password: PASSWORD });
    this.token = login.json?.accessToken;
    return login.status === 200;
  }

  private saveProfile() {
    return this.call('POST /user/setProfile', 'POST', '/user/setProfile', {
      id: this.id,
      city: 'Austin',
      state: 'TX',
      age: 20 + (this.n % 50),
      gender: this.n % 2 ? 'female' : 'male',
      preferredSex: this.n % 2 ? 'male' : 'female',
      education: 'Music',
      jobTitle: '',
      bio: `Soak client ${this.n}, round ${this.accounts}: likes quiet mornings.`,
    });
  }

  async run(): Promise<void> {
    while (!done()) {
      if (!(await this.join())) {
        await new Promise((wait) => setTimeout(wait, 1_000));
        continue;
      }
      // A member's day: a few rounds of reads and edits, then a fresh account (keeps per-account limits in view).
      for (let round = 0; round < 8 && !done(); round++) {
        await this.call('POST /match/new', 'POST', '/match/new', { userId: this.id });
        await this.call('GET /user/getProfile', 'GET', `/user/getProfile/${this.id}`);
        await this.call('GET /waitlist', 'GET', `/waitlist/${this.id}`);
        if (round % 3 === 0) await this.saveProfile();
        if (round % 4 === 0) await this.logIn();
        await new Promise((wait) => setTimeout(wait, 200));
      }
    }
  }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'fated-soak-'));
  const database = await createTestDatabase();
  const mail = await MailCatcher.start();
  const port = await freePort();
  const server = spawn(process.execPath, [GATEWAY], {
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      NODE_ENV: 'test',
      PORT: String(port),
      DATA_DIR: dataDir,
      SMTP_URL: mail.url,
      TRUST_PROXY: 'loopback',
      LOG_LEVEL: 'warn',
      MATCH_CRON: '0 3 1 1 *',
      ...(process.env.MODELS_DIR ? { MODELS_DIR: process.env.MODELS_DIR } : {}),
      ...(process.env.EMBEDDING_MODEL ? { EMBEDDING_MODEL: process.env.EMBEDDING_MODEL } : {}),
      ...(database.url ? { DATABASE_URL: database.url } : {}),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}/api`;
  try {
    for (let tries = 0; ; tries++) {
      const health = await fetch(`${base}/health`).catch(() => undefined);
      if (health?.ok) break;
      if (tries > 600 || server.exitCode !== null) throw new Error('the gateway did not start');
      await new Promise((wait) => setTimeout(wait, 200));
    }
    const photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#c86' } })
      .png()
      .toBuffer();
    const durationMs = minutes * 60_000;
    const warmUpMs = Math.min(60_000, durationMs / 5);
    stopAt = Date.now() + durationMs;
    console.log(`soak: ${clients} clients for ${minutes} min on ${describeMachine()}`);
    console.log(`database: ${database.url ? 'PostgreSQL' : 'PGlite'}; warm-up ${Math.round(warmUpMs / 1000)} s`);
    const running = Array.from(
      { length: clients },
      (_, n) => new Client(base, `10.20.${Math.floor(n / 250)}.${(n % 250) + 1}`, n + 1, mail, photo).run(),
    );
    await new Promise((wait) => setTimeout(wait, warmUpMs));
    const afterWarmUp = serverResources(server.pid!);
    await Promise.all(running);
    // Let what the traffic set in motion (embeddings, matching) finish before the last reading.
    await new Promise((wait) => setTimeout(wait, 2_000));
    const atEnd = serverResources(server.pid!);

    let fivexx = 0;
    let throttled = 0;
    console.log('\nroute                      requests     2xx     429  other4xx     5xx   p50 ms   p99 ms');
    for (const [route, stats] of [...routes].sort(([a], [b]) => a.localeCompare(b))) {
      const sorted = [...stats.latencies].sort((a, b) => a - b);
      const count = (test: (status: number) => boolean) =>
        [...stats.byStatus].filter(([status]) => test(status)).reduce((sum, [, n]) => sum + n, 0);
      const errors = count((s) => s >= 500);
      const limited = count((s) => s === 429);
      fivexx += errors;
      throttled += limited;
      console.log(
        `${route.padEnd(26)} ${String(sorted.length).padStart(8)} ${String(count((s) => s < 300)).padStart(7)} ` +
          `${String(limited).padStart(7)} ${String(count((s) => s >= 400 && s < 500 && s !== 429)).padStart(9)} ` +
          `${String(errors).padStart(7)} ${percentile(sorted, 50).toFixed(1).padStart(8)} ${percentile(sorted, 99).toFixed(1).padStart(8)}`,
      );
    }
    console.log(
      `\nserver memory (RSS): ${megabytes(afterWarmUp.rss)} after warm-up, ${megabytes(atEnd.rss)} at the end; ` +
        `open file descriptors: ${afterWarmUp.fds} → ${atEnd.fds}`,
    );
    console.log(`soak: ${sent} requests, ${fivexx} 5xx, ${throttled} 429 (limits)`);
    if (fivexx > 0) process.exitCode = 1;
  } finally {
    server.kill('SIGTERM');
    await new Promise((wait) => server.once('exit', wait));
    await mail.close();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
