import type { SqlEntityManager } from '@mikro-orm/sql';
import { MikroORM } from '@mikro-orm/core';
import { resetLinkIn } from '../support/mail-catcher.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** Sign-in limits of issue 9: hashed keys, failures per (account, client), TRUST_PROXY, IPv6 /64, shared store. */
const from = (address: string) => ({ headers: { 'x-forwarded-for': address } });

async function rateLimitRows(t: TestApp): Promise<{ count: number; longest: number }> {
  const em = t.app.get(MikroORM).em.fork() as SqlEntityManager;
  const [row] = await em
    .getConnection()
    .execute<{ count: string | number; longest: number | null }[]>(
      'select count(*) as count, max(length(key)) as longest from rate_limit',
    );
  return { count: Number(row!.count), longest: Number(row!.longest ?? 0) };
}

describe('sign-in limits behind a trusted proxy', () => {
  let t: TestApp;
  let owner: { email: string; password: string };
  beforeAll(async () => {
    t = await startTestApp({ AUTH_RATE_LIMIT: '12', AUTH_EMAIL_RATE_LIMIT: '5', TRUST_PROXY: 'loopback' });
    owner = await t.signUp();
  });
  afterAll(() => t.close());

  it('stops one client guessing a password, and still lets the owner in from elsewhere', async () => {
    const attacker = t.client();
    const guess = () =>
      attacker.request('POST', '/login', {
        json: { email: owner.email, password: 'guess-guess' },
        ...from('198.51.100.7'),
      });
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await guess()).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const refused = await guess();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Even the right password stays refused for the client that guessed…
    const fromAttacker = await attacker.request('POST', '/login', {
      json: { email: owner.email, password: owner.password },
      ...from('198.51.100.7'),
    });
    expect(fromAttacker.status).toBe(429);
    // …but the owner, on another address, signs in.
    const fromOwner = await t.client().request('POST', '/login', {
      json: { email: owner.email, password: owner.password },
      ...from('203.0.113.50'),
    });
    expect(fromOwner.status).toBe(200);
  });

  it('a password reset lifts the lockout its owner walked into', async () => {
    const me = await t.signUp();
    const login = (password: string) =>
      t.client().request('POST', '/login', { json: { email: me.email, password }, ...from('203.0.113.70') });
    for (let i = 0; i < 5; i++) expect((await login('misremembered')).status).toBe(401);
    expect((await login(me.password)).status).toBe(429);
    const client = t.client();
    expect((await client.post('/password/forgot', { email: me.email })).status).toBe(202);
    const link = resetLinkIn(
      await t.mail.waitFor(me.email, (m) => m.raw.includes('Reset your Fated password')),
    );
    const reset = await client.post('/password/reset', {
      id: link.id,
      token: link.token,
      password: 'remembered now',
    });
    expect(reset.status).toBe(201);
    expect((await login('remembered now')).status).toBe(200);
  });

  it('counts guesses at a password together whichever route checks it', async () => {
    const me = await t.signUp();
    const address = from('203.0.113.80');
    const login = (password: string) =>
      t.client().request('POST', '/login', { json: { email: me.email, password }, ...address });
    const change = (currentPassword: string) =>
      me.client.request('POST', '/password/change', {
        json: { currentPassword, newPassword: 'never set this one' },
        ...address,
      });
    const remove = (password: string) =>
      me.client.request('DELETE', '/account', { json: { password }, ...address });
    expect((await login('guess one')).status).toBe(401);
    expect((await login('guess two')).status).toBe(401);
    expect((await change('guess three')).status).toBe(403);
    expect((await remove('guess four')).status).toBe(403);
    expect((await change('guess five')).status).toBe(403);
    // Five wrong guesses of the limit's five: every route that checks the password refuses this client now.
    expect((await login(me.password)).status).toBe(429);
    expect((await remove(me.password)).status).toBe(429);
    expect((await change(me.password)).status).toBe(429);
    expect(
      (
        await t.client().request('POST', '/login', {
          json: { email: me.email, password: me.password },
          ...from('203.0.113.81'),
        })
      ).status,
    ).toBe(200);
  });

  it('a success clears that client’s failures', async () => {
    const client = t.client();
    const login = (password: string) =>
      client.request('POST', '/login', { json: { email: owner.email, password }, ...from('203.0.113.60') });
    for (let i = 0; i < 4; i++) expect((await login('wrong-wrong')).status).toBe(401);
    expect((await login(owner.password)).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await login('wrong-wrong')).status).toBe(401);
    expect((await login(owner.password)).status).toBe(200);
  });

  it('tells clients apart by the forwarded address, and IPv6 clients by their /64', async () => {
    const attempt = (address: string, n: number) =>
      t
        .client()
        .request('POST', '/password/forgot', { json: { email: `nobody${n}@example.com` }, ...from(address) });
    // 12 a minute per client: one /64 uses them up whichever of its addresses it sends from…
    const statuses = [];
    for (let i = 0; i < 13; i++) statuses.push((await attempt(`2001:db8:aa:bb::${i + 1}`, i)).status);
    expect(statuses.slice(0, 12).every((status) => status !== 429)).toBe(true);
    expect(statuses[12]).toBe(429);
    // …while the next /64 and an IPv4 client are untouched.
    expect((await attempt('2001:db8:aa:bc::1', 100)).status).not.toBe(429);
    expect((await attempt('192.0.2.10', 101)).status).not.toBe(429);
  });

  it('stores a fixed-size key however long the email a client sends', async () => {
    const huge = (n: number) => `${n}${'a'.repeat(99_000)}@example.com`;
    for (let i = 0; i < 30; i++) {
      await t.client().request('POST', '/password/forgot', {
        json: { email: huge(i) },
        ...from(`192.0.2.${100 + (i % 50)}`),
      });
    }
    const { longest } = await rateLimitRows(t);
    expect(longest).toBeLessThan(120);
  });

  it("one client asking for someone's reset link again and again does not stop the owner asking from elsewhere", async () => {
    const victim = await t.signUp();
    const ask = (address: string, email = victim.email) =>
      t.client().request('POST', '/password/forgot', { json: { email }, ...from(address) });
    const mails = async (count: number) => {
      for (let waited = 0; t.mail.count(victim.email) < count && waited < 10_000; waited += 50)
        await new Promise((resolve) => setTimeout(resolve, 50));
      return t.mail.count(victim.email);
    };
    const start = t.mail.count(victim.email);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await ask('198.51.100.30', victim.email.toUpperCase())).status);
    // AUTH_EMAIL_RATE_LIMIT is 5 here: the attacker's sixth is refused, in any letter case…
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
    expect(await mails(start + 5)).toBe(start + 5);
    // …and the owner, on another address, still gets their link.
    expect((await ask('203.0.113.31')).status).toBe(202);
    expect(await mails(start + 6)).toBe(start + 6);
  });

  it('bounds the mails one account gets an hour, however many clients ask', async () => {
    const victim = await t.signUp();
    const ask = (address: string) =>
      t.client().request('POST', '/password/forgot', { json: { email: victim.email }, ...from(address) });
    // AUTH_EMAIL_RATE_LIMIT is 5 here: 5 from each client, 50 an hour for the account.
    const statuses: number[] = [];
    for (let client = 0; client < 11; client++)
      for (let i = 0; i < 5; i++) statuses.push((await ask(`198.51.100.${120 + client}`)).status);
    expect(statuses.slice(0, 50).every((status) => status === 202)).toBe(true);
    expect(statuses.slice(50)).toEqual([429, 429, 429, 429, 429]);
  });

  it('counts an account by its id alone: a changed ignored field or letter case is the same account', async () => {
    const unverified = await t.signUp({ verify: false });
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const id = i % 2 ? unverified.id.toUpperCase() : unverified.id;
      const answer = await t.client().request('POST', '/register/verify', {
        json: { id, name: 'x', email: `other${i}@example.com` },
        ...from('203.0.113.10'),
      });
      statuses.push(answer.status);
    }
    // AUTH_EMAIL_RATE_LIMIT is 5 here: the sixth and later are refused whatever else they say.
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429, 429]);

    const failures: number[] = [];
    for (let i = 0; i < 7; i++) {
      const id = i % 2 ? unverified.id.toUpperCase() : unverified.id;
      const answer = await t.client().request('POST', '/password/reset', {
        json: { id, token: 'not the token', password: 'whatever 123' },
        ...from('198.51.100.99'),
      });
      failures.push(answer.status);
    }
    expect(failures).toEqual([400, 400, 400, 400, 400, 429, 429]);
  });
});

describe('sign-in limits without a trusted proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ AUTH_RATE_LIMIT: '3', AUTH_EMAIL_RATE_LIMIT: '100' });
  });
  afterAll(() => t.close());

  it('ignores X-Forwarded-For, so a client cannot dodge its limit by forging it', async () => {
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      const response = await t.client().request('POST', '/login', {
        json: { email: `x${i}@example.com`, password: 'whatever-1' },
        ...from(`198.51.100.${i}`),
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  it('does not count against an account the requests the per-client limit refused', async () => {
    const rowsBefore = await rateLimitRows(t);
    for (let i = 0; i < 5; i++)
      await t.client().post('/password/forgot', { email: `refused${i}@example.com` });
    const rowsAfter = await rateLimitRows(t);
    // 3 a minute per client on this route: one row for the client, and for each of the 3 requests it let
    // through a row for its account and one for the account with this client; the 2 it refused left no trace.
    expect(rowsAfter.count - rowsBefore.count).toBe(1 + 3 * 2);
  });
});

const describeOnPostgres = process.env.DATABASE_URL ? describe : describe.skip;

describeOnPostgres('sign-in limits across two gateways on one PostgreSQL database', () => {
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    first = await startTestApp({ AUTH_RATE_LIMIT: '4', AUTH_EMAIL_RATE_LIMIT: '100' });
    second = await startTestApp({
      AUTH_RATE_LIMIT: '4',
      AUTH_EMAIL_RATE_LIMIT: '100',
      DATABASE_URL: (first.config.database as { url: string }).url,
    });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('counts one client’s requests to either gateway together', async () => {
    const attempt = (t: TestApp, n: number) =>
      t.client().post('/login', { email: `z${n}@example.com`, password: 'whatever-1' });
    const statuses = [
      (await attempt(first, 1)).status,
      (await attempt(second, 2)).status,
      (await attempt(first, 3)).status,
      (await attempt(second, 4)).status,
      (await attempt(first, 5)).status,
      (await attempt(second, 6)).status,
    ];
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
  });
});
