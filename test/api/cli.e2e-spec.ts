import { jest } from '@jest/globals';
import 'reflect-metadata';
import { MikroORM } from '@mikro-orm/core';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { CommanderError } from 'commander';
import { AppConfig } from '../../libs/config/app-config.js';
import { createGatewayApp } from '../../apps/gateway/create-gateway-app.js';
import { withCliContext, type CliContext } from '../../cli/context/cli-context.js';
import { seedAction, type SeedOptions } from '../../cli/actions/seed.action.js';
import { matchRunAction } from '../../cli/actions/match-run.action.js';
import { userShowAction } from '../../cli/actions/user-show.action.js';
import { statsAction } from '../../cli/actions/stats.action.js';
import { buildProgram } from '../../cli/commands/command.loader.js';
import { generateSeedUser } from '../../cli/seed/seed-user-generator.js';
import { DEFAULT_SEED_PASSWORD } from '../../cli/seed/seed-password.js';
import { CliError, ExitCode } from '../../cli/ui/cli-error.js';
import { bufferOutput } from '../../cli/ui/output.js';
import { ApiClient } from '../support/api-client.js';
import { SHARED_MODELS_DIR, TEST_MODEL } from '../support/test-app.js';
import { createTestDatabase } from '../support/test-database.js';

jest.setTimeout(180_000);

/** A fresh database (temp PGlite DATA_DIR, or a fresh PostgreSQL database with DATABASE_URL) for the CLI. */
async function freshEnvironment(): Promise<{ env: NodeJS.ProcessEnv; dispose(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'fated-cli-test-'));
  const database = await createTestDatabase();
  return {
    env: {
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      MODELS_DIR: SHARED_MODELS_DIR,
      EMBEDDING_MODEL: TEST_MODEL,
      LOG_LEVEL: 'warn',
      TZ: process.env.TZ ?? 'UTC',
      ...(database.url ? { DATABASE_URL: database.url } : {}),
    },
    async dispose() {
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const SEED = 7;
const USERS = 30;
const seedOptions = (overrides: Partial<SeedOptions> = {}): SeedOptions => ({
  users: USERS,
  verified: false,
  seed: SEED,
  avatars: false,
  bulk: false,
  password: DEFAULT_SEED_PASSWORD,
  ...overrides,
});

describe('fated CLI', () => {
  let main: { env: NodeJS.ProcessEnv; dispose(): Promise<void> };
  const cli = <T>(work: (context: CliContext) => Promise<T>, env = main.env) =>
    withCliContext({ env, logLevel: 'error' }, work);
  const expected = Array.from({ length: USERS }, (_, index) =>
    generateSeedUser(SEED, index, { allVerified: false }),
  );
  const complete = expected.filter((user) => user.stage === 'complete');

  beforeAll(async () => {
    main = await freshEnvironment();
  });
  afterAll(() => main.dispose());

  it('seeds 30 users through the sign-up commands, reproducibly: a second run with the seed adds nobody', async () => {
    const out = bufferOutput();
    const report = await cli((context) => seedAction(context, seedOptions(), out));
    expect(report.created).toBe(USERS);
    expect(report.existing).toBe(0);
    expect(report.stages.complete).toBe(complete.length);
    expect(complete.length).toBeGreaterThan(15);
    expect(out.text()).toContain(`Sign in as ${complete[0]!.email}`);
    expect(out.text()).toContain(`'${DEFAULT_SEED_PASSWORD}'`);

    // A second run reports what it did, not what it asked for: the people there are left as they were.
    const againOut = bufferOutput();
    const again = await cli((context) => seedAction(context, seedOptions(), againOut));
    expect(again).toMatchObject({ created: 0, existing: USERS, example: undefined });
    expect(again.stages).toEqual({ registered: 0, verified: 0, profiled: 0, complete: 0 });
    expect(againOut.text()).toContain(
      `  The ${USERS} already there were left as they were, their password included.`,
    );
    expect(againOut.text()).not.toContain('Sign in as');
    expect(againOut.text()).not.toContain('complete (verified, profile, quiz)');

    const stats = await cli((context) => statsAction(context, {}, bufferOutput()));
    expect(stats).toMatchObject({
      users: USERS,
      verified: expected.filter((user) => user.stage !== 'registered').length,
      profiles: expected.filter((user) => user.stage === 'profiled' || user.stage === 'complete').length,
      quizzes: complete.length,
      // The matcher's consumers ran in the CLI process and were waited for.
      personalityVectors: complete.length,
      setsToday: 0,
      awaitingSetToday: complete.length,
      outboxPending: 0,
    });
  });

  it('stores exactly the generated people (names, emails, profiles, answers)', async () => {
    for (const user of [expected[0]!, complete[1]!, expected[USERS - 1]!]) {
      const shown = await cli((context) =>
        userShowAction(context, { email: user.email, json: true }, bufferOutput()),
      );
      expect(shown.account).toMatchObject({
        name: user.name,
        email: user.email,
        verified: user.stage !== 'registered',
      });
      if (user.stage === 'profiled' || user.stage === 'complete') {
        expect(shown.profile).toMatchObject({ ...user.profile, photo: false });
      } else {
        expect(shown.profile).toBeNull();
      }
      expect(shown.quiz?.choices ?? null).toEqual(user.stage === 'complete' ? user.answers : null);
    }
  });

  it('gives the same people in another database, through the bulk path too', async () => {
    const other = await freshEnvironment();
    try {
      const report = await cli(
        (context) => seedAction(context, seedOptions({ bulk: true }), bufferOutput()),
        other.env,
      );
      expect(report).toMatchObject({ created: USERS, existing: 0 });
      expect(report.stages.complete).toBe(complete.length);
      const user = complete[2]!;
      const shown = await cli(
        (context) => userShowAction(context, { email: user.email, json: true }, bufferOutput()),
        other.env,
      );
      expect(shown.account).toMatchObject({ name: user.name, email: user.email, verified: true });
      expect(shown.profile).toMatchObject(user.profile);
      expect(shown.quiz?.choices).toEqual(user.answers);
      const stats = await cli((context) => statsAction(context, {}, bufferOutput()), other.env);
      expect(stats).toMatchObject({
        users: USERS,
        quizzes: complete.length,
        personalityVectors: complete.length,
        outboxPending: 0,
      });

      // More people, everyone verified, another password: only the new ones are counted and get it.
      const moreOut = bufferOutput();
      const more = await cli(
        (context) =>
          seedAction(
            context,
            seedOptions({ bulk: true, users: USERS + 4, verified: true, password: 'another seed password' }),
            moreOut,
          ),
        other.env,
      );
      expect(more).toMatchObject({ created: 4, existing: USERS, stages: { complete: 4 } });
      expect(more.example?.index).toBeGreaterThanOrEqual(USERS);
      expect(moreOut.text()).toContain('  Of the 4 created: 4 complete (verified, profile, quiz)');
      expect(moreOut.text()).toContain(`  The ${USERS} already there were left as they were`);
    } finally {
      await other.dispose();
    }
  });

  it('match run creates a set for every matchable user, and a second run creates none', async () => {
    const out = bufferOutput();
    const first = await cli((context) => matchRunAction(context, {}, out));
    expect(first.users).toBe(complete.length);
    expect(first.sets).toBe(complete.length);
    expect(first.empty).toBeLessThan(first.sets);
    expect(out.text()).toMatch(
      new RegExp(
        `^Daily run for \\d{4}-\\d{2}-\\d{2}: ${complete.length} users, ${complete.length} sets \\(\\d+ empty\\)`,
      ),
    );
    // The summary pass wrote every pick's summary right after the run: first reads find them.
    const picks = (complete.length - first.empty) * 3;
    expect(first.summaryPass!.summaries).toBeGreaterThan(0);
    expect(first.summaryPass!.summaries).toBeLessThanOrEqual(picks);
    expect(out.text()).toMatch(
      new RegExp(`\\nSummaries for \\d{4}-\\d{2}-\\d{2}: ${first.summaryPass!.summaries} written, `),
    );
    const unsummarised = await cli((context) =>
      context.app
        .get(MikroORM)
        .em.fork()
        .getConnection()
        .execute(`select count(*)::int as n from match_pick where summary is null`),
    );
    expect(unsummarised[0].n).toBe(0);

    const second = await cli((context) => matchRunAction(context, {}, bufferOutput()));
    expect(second).toMatchObject({ users: complete.length, sets: 0, empty: 0, existing: complete.length });
    expect(second.summaryPass!.summaries).toBe(0);

    const stats = await cli((context) => statsAction(context, {}, bufferOutput()));
    expect(stats).toMatchObject({
      setsToday: complete.length,
      emptySetsToday: first.empty,
      awaitingSetToday: 0,
    });
  });

  it("user show prints the account, profile, quiz and today's matches, never the password hash", async () => {
    const user = complete[0]!;
    const out = bufferOutput();
    const report = await cli((context) => userShowAction(context, { email: user.email.toUpperCase() }, out));
    expect(report.matches.hasSet).toBe(true);
    expect(report.matches.picks.length).toBeGreaterThan(0);
    expect(report.matches.picks.length).toBeLessThanOrEqual(3);
    for (const pick of report.matches.picks) {
      expect(['best', 'medium', 'worst']).toContain(pick.tier);
      expect(pick.email).toMatch(/@seed7\.example\.com$/);
      expect(pick.summary.length).toBeGreaterThan(40);
    }
    const text = out.text();
    expect(text).toContain(`${user.name} <${user.email}>`);
    expect(text).toContain(`${user.profile.city}, ${user.profile.state} · ${user.profile.age}`);
    expect(text).toContain(`Quiz            taken`);
    expect(text).toContain(report.matches.picks[0]!.summary);

    const json = bufferOutput();
    await cli((context) => userShowAction(context, { email: user.email, json: true }, json));
    expect(json.text()).not.toMatch(/password|\$argon2/i);
    expect(text).not.toMatch(/password|\$argon2/i);
  });

  it('fails with one clear line and its own exit code for an unknown email or a bad date', async () => {
    await expect(
      cli((context) => userShowAction(context, { email: 'nobody@example.com' }, bufferOutput())),
    ).rejects.toEqual(new CliError('No account with the email nobody@example.com', ExitCode.notFound));
    await expect(
      cli((context) => matchRunAction(context, { date: '2026-02-30' }, bufferOutput())),
    ).rejects.toMatchObject({
      exitCode: ExitCode.usage,
    });
    const usage: string[] = [];
    const program = buildProgram({ writeErr: (text) => void usage.push(text), writeOut: () => undefined });
    await expect(program.parseAsync(['node', 'fated', 'seed', '--users', 'lots'])).rejects.toBeInstanceOf(
      CommanderError,
    );
    expect(usage.join('')).toContain(
      "argument 'lots' is invalid. expected a whole number from 1 to 1000000.",
    );
    // A typo is a usage error (exit 2), not an account or a report that does not exist (exit 3).
    for (const args of [
      ['user', 'show', 'not-an-email'],
      ['user', 'suspend', 'not-an-email'],
      ['reports', 'resolve', 'not-a-uuid', '--dismiss'],
    ]) {
      usage.length = 0;
      await expect(
        buildProgram({ writeErr: (text) => void usage.push(text), writeOut: () => undefined }).parseAsync([
          'node',
          'fated',
          ...args,
        ]),
      ).rejects.toMatchObject({ exitCode: 1, code: 'commander.invalidArgument' });
      expect(usage.join('')).toMatch(/is invalid for argument '\w+'\. expected an (email address|id like)/);
    }
  });

  it('seeded users are real accounts: the gateway signs them in and serves the set the CLI made', async () => {
    const user = complete[0]!;
    const shown = await cli((context) =>
      userShowAction(context, { email: user.email, json: true }, bufferOutput()),
    );
    // PGlite is single-process: the CLI has closed the database, so the app can open it.
    const app = await createGatewayApp(AppConfig.fromEnvironment({ ...main.env, PORT: '0' }));
    await app.listen(0, '127.0.0.1');
    try {
      const client = new ApiClient(
        `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}/api`,
      );
      const login = await client.post('/login', { email: user.email, password: DEFAULT_SEED_PASSWORD });
      expect(login.status).toBe(200);
      expect(login.body).toMatchObject({ verification: true, id: shown.account.id });
      client.accessToken = login.body.accessToken;
      const matches = await client.post('/match/new', { userId: shown.account.id });
      expect(matches.status).toBe(200);
      const served = Object.entries(
        matches.body as Record<string, { compatibility: { id: string; percent: number } }>,
      )
        .map(([tier, pick]) => ({
          tier,
          candidateId: pick.compatibility.id,
          percent: pick.compatibility.percent,
        }))
        .sort((a, b) => a.tier.localeCompare(b.tier));
      const made = shown.matches.picks
        .map(({ tier, candidateId, percent }) => ({ tier, candidateId, percent }))
        .sort((a, b) => a.tier.localeCompare(b.tier));
      expect(served).toEqual(made);
    } finally {
      await app.close();
    }
  });

  it('seed --connections connects seeded pairs through interest both ways, with a few messages each, once', async () => {
    const out = bufferOutput();
    const report = await cli((context) => seedAction(context, seedOptions({ connections: 5 }), out));
    expect(report).toMatchObject({ created: 0, existing: USERS });
    expect(report.connections).toMatchObject({ made: 5, existing: 0 });
    const { messages, example } = report.connections!;
    expect(messages).toBeGreaterThanOrEqual(5 * 3);
    expect(messages).toBeLessThanOrEqual(5 * 6);
    expect(out.text()).toContain(
      `Connected 5 pairs (5 new, 0 already there) with ${messages} new messages; ${example!.email} (${example!.name}) talks with ${example!.otherName}.`,
    );
    // Mutual interest became connections: no one-sided interest is left behind.
    const stats = await cli((context) => statsAction(context, {}, bufferOutput()));
    expect(stats).toMatchObject({
      interests: 0,
      interestsDeclined: 0,
      connections: 5,
      messages,
      outboxPending: 0,
    });
    const shown = bufferOutput();
    await cli((context) => statsAction(context, {}, shown));
    expect(shown.text()).toContain(`connections         5 (${messages} messages)`);
    expect(shown.text()).toContain('interest            0 one-sided (0 declined)');

    // Again: the same pairs are there, and not one line is sent twice.
    const again = await cli((context) =>
      seedAction(context, seedOptions({ connections: 5 }), bufferOutput()),
    );
    expect(again.connections).toMatchObject({ made: 0, existing: 5, messages: 0 });
    expect(await cli((context) => statsAction(context, {}, bufferOutput()))).toMatchObject({
      connections: 5,
      messages,
    });

    // Signed in as a seeded person, the conversation is there, as the SPA reads it.
    const app = await createGatewayApp(AppConfig.fromEnvironment({ ...main.env, PORT: '0' }));
    await app.listen(0, '127.0.0.1');
    try {
      const client = new ApiClient(
        `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}/api`,
      );
      const login = await client.post('/login', { email: example!.email, password: DEFAULT_SEED_PASSWORD });
      expect(login.status).toBe(200);
      client.accessToken = login.body.accessToken;
      const list = await client.get('/connections');
      expect(list.status).toBe(200);
      expect(list.body).toHaveLength(1);
      const [connection] = list.body;
      expect(connection).toMatchObject({
        name: example!.otherName,
        lastMessage: { text: expect.any(String) },
      });
      const history = await client.get(`/connections/${connection.id}/messages`);
      expect(history.status).toBe(200);
      const lines = history.body.messages as { senderId: string; text: string }[];
      expect(lines.length).toBeGreaterThanOrEqual(3);
      expect(lines.length).toBeLessThanOrEqual(6);
      // In turns, the reported person first (the pair's opener), and the first line names the other.
      lines.forEach((line, index) =>
        expect(line.senderId).toBe(index % 2 === 0 ? login.body.id : connection.userId),
      );
      expect(lines[0]!.text).toContain(example!.otherName.split(' ')[0]);
      expect(connection.lastMessage.text).toBe(lines.at(-1)!.text);
      // Each read what came before their own last line: only the other's last line can be unread.
      expect(connection.unread).toBe(lines.at(-1)!.senderId === login.body.id ? 0 : 1);

      // A conversation the members wrote themselves is theirs: a later seed writes nothing into it.
      const own = await client.post(`/connections/${connection.id}/messages`, { text: 'A line of my own' });
      expect(own.status).toBe(201);
      await cli((context) =>
        context.app
          .get(MikroORM)
          .em.fork()
          .getConnection()
          .execute(`delete from message where connection_id = ? and id <> ?`, [connection.id, own.body.id]),
      );
      const later = await cli((context) =>
        seedAction(context, seedOptions({ connections: 5 }), bufferOutput()),
      );
      expect(later.connections).toMatchObject({ made: 0, existing: 5, messages: 0 });
      const after = await client.get(`/connections/${connection.id}/messages`);
      expect(after.body.messages.map((m: { text: string }) => m.text)).toEqual(['A line of my own']);
    } finally {
      await app.close();
    }
  });

  it('adds generated photos through the image upload command', async () => {
    const photos = await freshEnvironment();
    try {
      await cli(
        (context) =>
          seedAction(
            context,
            seedOptions({ users: 3, verified: true, avatars: true, seed: 99 }),
            bufferOutput(),
          ),
        photos.env,
      );
      const user = generateSeedUser(99, 1, { allVerified: true });
      const shown = await cli(
        (context) => userShowAction(context, { email: user.email, json: true }, bufferOutput()),
        photos.env,
      );
      expect(shown.profile?.photo).toBe(true);
      const stats = await cli((context) => statsAction(context, {}, bufferOutput()), photos.env);
      expect(stats.photos).toBe(3);
    } finally {
      await photos.dispose();
    }
  });
});
