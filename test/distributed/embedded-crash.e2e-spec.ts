import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { MikroORM } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { withCliContext } from '../../cli/context/cli-context.js';
import { ApiClient } from '../support/api-client.js';
import { MailCatcher, verificationLinkIn } from '../support/mail-catcher.js';
import { REPO_ROOT } from '../support/test-app.js';
import { AppProcess, freePort, waitFor } from './app-process.js';

/**
 * Issue 9, "Crashes and faults", embedded: the one-process app on PGlite is killed with SIGKILL in the middle
 * of a burst of writes and started again on the same DATA_DIR. Every write that was answered 2xx must be
 * there, the outbox must resume and drain, and the sets of the day that existed must be unchanged.
 */
const GATEWAY = resolve(REPO_ROOT, 'dist/apps/gateway/main.js');
const LOG_DIR = resolve(REPO_ROOT, 'test/artifacts/distributed');

const answers = (seed: number) =>
  Array.from({ length: 19 }, (_, i) => ({ id: i + 1, choice: ((i * (seed + 3) + seed) % 5) + 1, txt: 'x' }));

interface Member {
  n: number;
  email: string;
  id?: string;
  registered: boolean;
  verified: boolean;
  profiled: boolean;
  quizzed: boolean;
}

describe('embedded app killed mid-burst (SIGKILL) and started again on the same DATA_DIR', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'fated-crash-'));
  let mail: MailCatcher;
  let port: number;
  let app: AppProcess | undefined;

  const env = () => ({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    SMTP_URL: mail.url,
    MODELS_DIR: resolve(REPO_ROOT, '../shared/models'),
    EMBEDDING_MODEL: 'local/wordnet-wordpiece-static-256',
    AUTH_RATE_LIMIT: '100000',
    AUTH_EMAIL_RATE_LIMIT: '100000',
    MATCH_CRON: '0 3 1 1 *',
    TZ: 'UTC',
  });
  const api = () => new ApiClient(`http://127.0.0.1:${port}/api`);

  async function start(name: string): Promise<AppProcess> {
    const started = new AppProcess(name, GATEWAY, env(), LOG_DIR);
    await waitFor(`${name} to answer /api/health`, 120_000, async () => {
      if (!started.running) throw new Error(`${name} exited:\n${started.logs.slice(-3000)}`);
      const health = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => undefined);
      return health?.ok ? true : undefined;
    });
    return started;
  }

  /** One member's whole journey; each step only after the previous one was answered 2xx. */
  async function journey(member: Member): Promise<void> {
    const client = api();
    const password = 'correct horse battery';
    const registered = await client.post('/register', {
      name: `Member ${member.n}`,
      email: member.email,
      password,
    });
    if (registered.status !== 201) return;
    member.registered = true;
    member.id = registered.body.id as string;
    if (
      (await client.post('/register/verify', { id: member.id, name: 'x', email: member.email })).status >= 300
    )
      return;
    const link = verificationLinkIn(await mail.waitFor(member.email, undefined, 20_000));
    if ((await client.post('/verification', { id: link.id, emailToken: link.token })).status !== 201) return;
    member.verified = true;
    const login = await client.post('/login', { email: member.email, password });
    if (login.status !== 200) return;
    client.accessToken = login.body.accessToken;
    const profile = await client.post('/user/setProfile', {
      id: member.id,
      city: 'Austin',
      state: 'TX',
      age: 20 + (member.n % 40),
      gender: member.n % 2 ? 'female' : 'male',
      preferredSex: member.n % 2 ? 'male' : 'female',
      education: 'History',
      jobTitle: '',
      bio: `Member ${member.n} likes long walks and short queues.`,
    });
    if (profile.status !== 200) return;
    member.profiled = true;
    const quiz = await client.post('/match/generate', { id: member.id, answers: answers(member.n) });
    if (quiz.status >= 300) return;
    member.quizzed = true;
  }

  beforeAll(async () => {
    mail = await MailCatcher.start();
    port = await freePort();
  });
  afterAll(async () => {
    await app?.stop().catch(() => undefined);
    await mail?.close().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps every acknowledged write, resumes the outbox and leaves the day’s sets as they were', async () => {
    app = await start('crash-before');
    // A few complete members with a set for today, made before the crash.
    const early: Member[] = Array.from({ length: 6 }, (_, n) => ({
      n,
      email: `early${n}-${Date.now()}@example.com`,
      registered: false,
      verified: false,
      profiled: false,
      quizzed: false,
    }));
    for (const member of early) await journey(member);
    expect(early.every((member) => member.quizzed)).toBe(true);
    const setsBefore = new Map<string, unknown>();
    for (const member of early) {
      const client = api();
      const login = await client.post('/login', { email: member.email, password: 'correct horse battery' });
      client.accessToken = login.body.accessToken;
      await waitFor(`a set for member ${member.n}`, 30_000, async () => {
        const set = await client.post('/match/new', { userId: member.id });
        if (set.status !== 200 && set.status !== 201) return undefined;
        setsBefore.set(member.id!, set.body);
        return true;
      });
    }

    // The burst: 40 journeys, 8 at a time; the process is killed about 1.5 s in.
    const burst: Member[] = Array.from({ length: 40 }, (_, i) => ({
      n: 100 + i,
      email: `burst${i}-${Date.now()}@example.com`,
      registered: false,
      verified: false,
      profiled: false,
      quizzed: false,
    }));
    let next = 0;
    const workers = Array.from({ length: 8 }, async () => {
      while (next < burst.length) {
        const member = burst[next++]!;
        await journey(member).catch(() => undefined); // a refused or cut connection is not a 2xx
      }
    });
    await new Promise((done) => setTimeout(done, 1_500));
    await app.crash();
    await Promise.all(workers);
    const acknowledged = burst.filter((member) => member.registered);
    expect(acknowledged.length).toBeGreaterThan(0);
    expect(acknowledged.length).toBeLessThan(burst.length); // the kill did land mid-burst

    // Started again on the same files: every acknowledged write is there.
    app = await start('crash-after');
    for (const member of acknowledged) {
      const client = api();
      const login = await client.post('/login', { email: member.email, password: 'correct horse battery' });
      if (!member.verified) {
        // Registered but not verified: the account exists (login says so without a token).
        expect(login.status).toBe(200);
        continue;
      }
      expect(login.status).toBe(200);
      client.accessToken = login.body.accessToken;
      const profile = await client.get(`/user/getProfile/${member.id}`);
      if (member.profiled)
        expect(profile.body).toMatchObject({ city: 'Austin', bio: expect.stringContaining(`${member.n}`) });
    }
    // The sets of the day made before the crash are the same sets.
    for (const member of early) {
      const client = api();
      const login = await client.post('/login', { email: member.email, password: 'correct horse battery' });
      client.accessToken = login.body.accessToken;
      const set = await client.post('/match/new', { userId: member.id });
      expect(set.body).toEqual(setsBefore.get(member.id!));
    }
    // The restarted process relays what the crash left in the outbox.
    await waitFor('the outbox to drain after the restart', 60_000, async () => {
      const health = (await (await fetch(`http://127.0.0.1:${port}/api/health`)).json()) as {
        components: { outbox: { detail: string } };
      };
      return health.components.outbox.detail === '0 pending' ? true : undefined;
    });
    await app.stop();
    app = undefined;

    // Inside the database (the CLI without consumers, so it builds nothing itself): every acknowledged quiz has
    // its vector, and nobody has two sets for a day.
    const sql = <T>(context: Awaited<Parameters<Parameters<typeof withCliContext>[1]>[0]>, query: string) =>
      (context.app.get(MikroORM).em.fork() as SqlEntityManager).getConnection().execute(query) as Promise<
        T[]
      >;
    await withCliContext(
      { env: { ...env(), LOG_LEVEL: 'error' }, logLevel: 'error', consumers: false },
      async (context) => {
        const vectors = new Set(
          (await sql<{ user_id: string }>(context, `select user_id from personality_vector`)).map(
            (row) => row.user_id,
          ),
        );
        for (const member of [...early, ...burst].filter((m) => m.quizzed))
          expect(vectors.has(member.id!)).toBe(true);
        const days = await sql<{ user_id: string; n: number }>(
          context,
          `select user_id, count(*)::int as n from match_set group by user_id, day having count(*) > 1`,
        );
        expect(days).toEqual([]);
      },
    );
  });
});
