import { MikroORM } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { CommandBus } from '@nestjs/cqrs';
import { SetAccountSuspensionCommand } from '../../libs/accounts/commands/suspend-account/set-account-suspension.command.js';
import { REFRESH_COOKIE } from '../../libs/accounts/refresh-cookie.js';
import type { ApiClient } from '../support/api-client.js';
import { resetLinkIn } from '../support/mail-catcher.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** What a password change, a reset and a suspension end: every sign-in, whatever was in flight. */
describe('sessions end when the password changes (API)', () => {
  let t: TestApp;
  let sql: (query: string, params?: unknown[]) => Promise<any[]>;
  const onPostgres = Boolean(process.env.DATABASE_URL);

  beforeAll(async () => {
    t = await startTestApp();
    const orm = t.app.get(MikroORM);
    sql = (query, params = []) =>
      (orm.em.fork() as SqlEntityManager).getConnection().execute(query, params, 'all');
  });
  afterAll(() => t.close());

  /** A client holding a copy of `victim`'s refresh cookie: what a thief has. */
  function thiefOf(victim: ApiClient): ApiClient {
    const thief = t.client();
    thief.setCookie(REFRESH_COOKIE, victim.cookie(REFRESH_COOKIE)!);
    return thief;
  }

  async function resetPassword(email: string, password: string) {
    const client = t.client();
    expect((await client.post('/password/forgot', { email })).status).toBe(202);
    const link = resetLinkIn(
      await t.mail.waitFor(email, (m) => m.raw.includes('Reset your Fated password'), 20_000),
    );
    const reset = await client.post('/password/reset', { id: link.id, token: link.token, password });
    expect(reset.status).toBe(201);
  }

  /**
   * `loops` thieves keep refreshing with copies of one stolen cookie while `end` runs; afterwards no cookie
   * they hold refreshes and no access token they were given works.
   */
  async function raceRefreshesAgainst(
    loops: number,
    end: (person: Awaited<ReturnType<TestApp['signUp']>>) => Promise<void>,
  ) {
    const person = await t.signUp();
    const thieves = Array.from({ length: loops }, () => thiefOf(person.client));
    const tokens: string[][] = thieves.map(() => []);
    let stop = false;
    const running = thieves.map(async (thief, i) => {
      while (!stop) {
        const refreshed = await thief.get('/refresh');
        if (refreshed.status === 200) tokens[i]!.push(refreshed.body.accessToken);
        if (refreshed.status === 401 && !thief.cookie(REFRESH_COOKIE)) break;
      }
    });
    try {
      await new Promise((resolve) => setTimeout(resolve, 30 + Math.random() * 60));
      await end(person);
      await new Promise((resolve) => setTimeout(resolve, 150));
    } finally {
      stop = true;
      await Promise.all(running);
    }
    const survivors: string[] = [];
    for (const [i, thief] of thieves.entries()) {
      if ((await thief.get('/refresh')).status !== 401) survivors.push(`loop ${i}: refresh`);
      for (const token of tokens[i]!.slice(-3)) {
        if ((await t.client().get('/block', { token })).status !== 401)
          survivors.push(`loop ${i}: access token`);
      }
    }
    return survivors;
  }

  const trials = onPostgres ? 8 : 3;

  it('a reset ends a stolen session that keeps refreshing while it happens', async () => {
    for (let trial = 0; trial < trials; trial++) {
      const survivors = await raceRefreshesAgainst(3, (person) =>
        resetPassword(person.email, `reset pass ${trial}!`),
      );
      expect(survivors).toEqual([]);
    }
  }, 180_000);

  it('a password change ends a stolen session in the same family, and the changer signs in afresh', async () => {
    for (let trial = 0; trial < trials; trial++) {
      let changer: ApiClient | undefined;
      const survivors = await raceRefreshesAgainst(3, async (person) => {
        const changed = await person.client.post('/password/change', {
          currentPassword: person.password,
          newPassword: `changed pass ${trial}!`,
        });
        expect(changed).toMatchObject({
          status: 201,
          body: { changed: true, accessToken: expect.any(String) },
        });
        // The token the change was asked with goes on working (this sign-in stays); the answer's token and
        // cookie are its fresh start.
        expect((await person.client.get('/block')).status).toBe(200);
        person.client.accessToken = changed.body.accessToken;
        changer = person.client;
      });
      expect(survivors).toEqual([]);
      expect((await changer!.get('/block')).status).toBe(200);
      expect((await changer!.get('/refresh')).status).toBe(200);
    }
  }, 180_000);

  it('a suspension ends a stolen session that keeps refreshing while it happens', async () => {
    for (let trial = 0; trial < trials; trial++) {
      const survivors = await raceRefreshesAgainst(3, async (person) => {
        await t.app.get(CommandBus).execute(new SetAccountSuspensionCommand(person.email, true));
      });
      expect(survivors).toEqual([]);
    }
  }, 180_000);

  it('a token presented twice within the grace gets the one successor, never a second branch', async () => {
    const person = await t.signUp();
    const tab = person.client;
    const copy = thiefOf(tab);
    expect((await tab.get('/refresh')).status).toBe(200);
    const first = tab.cookie(REFRESH_COOKIE);
    expect((await copy.get('/refresh')).status).toBe(200);
    expect(copy.cookie(REFRESH_COOKIE)).toBe(first);
    // The successor rotates; the copy, one rotation behind within the grace, follows to the live token.
    expect((await tab.get('/refresh')).status).toBe(200);
    expect((await copy.get('/refresh')).status).toBe(200);
    expect(copy.cookie(REFRESH_COOKIE)).toBe(tab.cookie(REFRESH_COOKIE));
    const live = await sql(
      `select count(*)::int as n from refresh_session where user_id = ? and revoked_at is null and rotated_at is null`,
      [person.id],
    );
    expect(live).toEqual([{ n: 1 }]);
    // No clear successor token is stored.
    const stored = JSON.stringify(await sql(`select * from refresh_session where user_id = ?`, [person.id]));
    expect(stored).not.toContain(tab.cookie(REFRESH_COOKIE)!);

    await resetPassword(person.email, 'after the grace 1');
    expect((await tab.get('/refresh')).status).toBe(401);
    expect((await copy.get('/refresh')).status).toBe(401);
  });

  it('a refresh token that comes back after its grace ends its sign-in, access tokens too, and no other', async () => {
    const person = await t.signUp();
    const tab = person.client;
    const thief = thiefOf(tab);
    const otherDevice = await t.client().post('/login', { email: person.email, password: person.password });
    const rotated = await tab.get('/refresh');
    expect(rotated.status).toBe(200);
    const refreshed = rotated.body.accessToken as string;
    expect((await t.client().get('/account/export', { token: refreshed })).status).toBe(200);
    // The rotation is older than the grace: the stolen copy's return shows the token leaked.
    await sql(
      `update refresh_session set rotated_at = now() - interval '1 minute' where rotated_at is not null and user_id = ?`,
      [person.id],
    );
    expect((await thief.get('/refresh')).status).toBe(401);

    expect((await t.client().get('/account/export', { token: refreshed })).status).toBe(401);
    expect((await tab.get('/refresh')).status).toBe(401);
    expect((await t.client().get('/account/export', { token: otherDevice.body.accessToken })).status).toBe(
      200,
    );
  });

  it('a token of a sign-in a logout ended does not refresh, even one the logout missed', async () => {
    const person = await t.signUp();
    expect((await person.client.get('/refresh')).status).toBe(200);
    // As when a refresh commits its successor while a logout revokes the rows it saw: one row ended, one live.
    await sql(`update refresh_session set revoked_at = now() where user_id = ? and rotated_at is not null`, [
      person.id,
    ]);
    expect((await person.client.get('/refresh')).status).toBe(401);
  });

  it('after a password change, logging out ends the token the change was asked with too', async () => {
    const person = await t.signUp();
    const askedWith = person.client.accessToken!;
    const changed = await person.client.post('/password/change', {
      currentPassword: person.password,
      newPassword: 'a changed passphrase',
    });
    expect(changed.status).toBe(201);
    expect((await t.client().get('/account/export', { token: askedWith })).status).toBe(200);
    expect((await person.client.get('/logout')).status).toBe(200);
    expect((await t.client().get('/account/export', { token: askedWith })).status).toBe(401);
    expect((await t.client().get('/account/export', { token: changed.body.accessToken })).status).toBe(401);
  });

  it("without 'Remember me' every refresh cookie of the sign-in ends with the browser session", async () => {
    const person = await t.signUp();
    const refreshCookie = (response: { headers: Headers }) =>
      response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${REFRESH_COOKIE}=`))!;
    const remembered = await t.client().post('/login', { email: person.email, password: person.password });
    expect(refreshCookie(remembered)).toMatch(/Max-Age=2592000/);

    const browser = t.client();
    const signedIn = await browser.post('/login', {
      email: person.email,
      password: person.password,
      persist: false,
    });
    expect(signedIn.status).toBe(200);
    expect(refreshCookie(signedIn)).not.toMatch(/Max-Age|Expires/i);
    // The server ends it after 12 h without a refresh, whatever the browser keeps.
    const [row] = await sql(
      `select expires_at from refresh_session where user_id = ? order by created_at desc limit 1`,
      [person.id],
    );
    expect(new Date(row.expires_at).getTime() - Date.now()).toBeLessThanOrEqual(12 * 60 * 60 * 1000);
    const refreshed = await browser.get('/refresh');
    expect(refreshed.status).toBe(200);
    expect(refreshCookie(refreshed)).not.toMatch(/Max-Age|Expires/i);
    browser.accessToken = refreshed.body.accessToken;
    const changed = await browser.post('/password/change', {
      currentPassword: person.password,
      newPassword: 'a session-only passphrase',
    });
    expect(changed.status).toBe(201);
    expect(refreshCookie(changed)).not.toMatch(/Max-Age|Expires/i);
    expect(
      (await browser.post('/login', { email: person.email, password: 'x', persist: 'no' })).body,
    ).toMatchObject({ statusCode: 400, message: 'persist must be true or false' });
  });

  it('an access token issued before a reset stops working at once', async () => {
    const person = await t.signUp();
    expect((await person.client.get('/account/export')).status).toBe(200);
    await resetPassword(person.email, 'a brand new one 9');
    expect((await person.client.get('/account/export')).status).toBe(401);
    const login = await t.client().post('/login', { email: person.email, password: 'a brand new one 9' });
    expect(login.body.nameRequired).toBeUndefined();
    expect((await t.client().get('/account/export', { token: login.body.accessToken })).status).toBe(200);
  });

  it('a reset of an address someone else held unverified gives the owner a clean account and a name of their own', async () => {
    const email = `held${Date.now()}@example.com`;
    const squatter = t.client();
    const registered = await squatter.post('/register', {
      name: 'Not You',
      email,
      password: 'squatter pass 1',
    });
    expect(registered.status).toBe(201);
    const heldId = registered.body.id as string;
    const login = await squatter.post('/login', { email, password: 'squatter pass 1' });
    squatter.accessToken = login.body.accessToken;
    expect(
      (
        await squatter.post('/user/setProfile', {
          id: heldId,
          city: 'Austin',
          state: 'TX',
          age: 30,
          gender: 'male',
          preferredSex: 'female',
          education: 'History',
          jobTitle: 'Impostor',
          bio: 'Written by somebody else.',
        })
      ).status,
    ).toBeLessThan(300);
    const form = new FormData();
    form.set('id', heldId);
    form.set('avatar', new Blob([PNG_1PX], { type: 'image/png' }), 'me.png');
    expect((await squatter.request('POST', '/image/upload', { body: form })).status).toBeLessThan(300);
    // The owner cannot sign up for a day, but can recover the address.
    expect(
      (await t.client().post('/register', { name: 'Owner', email, password: 'owner pass 12' })).status,
    ).toBe(409);

    await resetPassword(email, 'owner pass 12');

    expect((await squatter.get('/account/export')).status).toBe(401);
    expect((await squatter.get('/refresh')).status).toBe(401);
    const owner = t.client();
    const signedIn = await owner.post('/login', { email, password: 'owner pass 12' });
    expect(signedIn.body).toMatchObject({ verification: true, nameRequired: true });
    owner.accessToken = signedIn.body.accessToken;
    const exported = (await owner.get('/account/export')).body;
    expect(exported.account).toMatchObject({ name: '', email, verified: true });
    expect(exported.profile).toBeNull();
    expect(exported.photo).toBeNull();
    expect(JSON.stringify(exported)).not.toContain('Impostor');
    expect(await sql(`select 1 from app_user where id = ?`, [heldId])).toEqual([]);

    expect((await owner.post('/account/name', { name: '  ' })).status).toBe(400);
    expect(await owner.post('/account/name', { name: ' Olivia Owner ' })).toMatchObject({
      status: 200,
      body: { name: 'Olivia Owner' },
    });
    expect((await owner.post('/account/name', { name: 'Someone Else' })).status).toBe(409);
    const again = await t.client().post('/login', { email, password: 'owner pass 12' });
    expect(again.body.nameRequired).toBeUndefined();
    expect((await owner.get('/account/export')).body.account.name).toBe('Olivia Owner');
  });
});
