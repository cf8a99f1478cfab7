import { MikroORM } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { CommandBus } from '@nestjs/cqrs';
import { Outbox } from '../../libs/messaging/outbox.js';
import { OutboxRelay } from '../../libs/messaging/outbox-relay.js';
import { BlockRepository } from '../../libs/safety/index.js';
import { blockIn } from '../../libs/safety/commands/block-user/block-user.handler.js';
import { SetAccountSuspensionCommand } from '../../libs/accounts/commands/suspend-account/set-account-suspension.command.js';
import { PurgeUnverifiedAccountsCommand } from '../../libs/accounts/commands/purge-unverified-accounts/purge-unverified-accounts.command.js';
import { resetLinkIn } from '../support/mail-catcher.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describe('accounts people can trust (API)', () => {
  let t: TestApp;
  let sql: (query: string, params?: unknown[]) => Promise<any[]>;
  let n = 0;

  beforeAll(async () => {
    t = await startTestApp();
    const orm = t.app.get(MikroORM);
    sql = (query, params = []) =>
      (orm.em.fork() as SqlEntityManager).getConnection().execute(query, params, 'all');
  });
  afterAll(() => t.close());

  async function until<T>(
    what: string,
    probe: () => Promise<T | undefined | false>,
    ms = 20_000,
  ): Promise<T> {
    const deadline = Date.now() + ms;
    for (;;) {
      const value = await probe();
      if (value) return value;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** A verified member with a profile, a photo and a quiz, ready to be matched. */
  /** Each pair of a test shares answers nobody else has, so they are each other's best match. */
  const pairAnswers = () => Array.from({ length: 19 }, () => 1 + Math.floor(Math.random() * 5));

  async function member(gender: 'male' | 'female', preferredSex: 'male' | 'female', choices = pairAnswers()) {
    const name = `Trust${++n} Member`;
    const person = await t.signUp({ name });
    const profile = await person.client.post('/user/setProfile', {
      id: person.id,
      city: 'Austin',
      state: 'TX',
      age: 30,
      gender,
      preferredSex,
      education: 'History',
      jobTitle: 'Teacher',
      bio: 'I love hiking and old films.',
    });
    expect(profile.status).toBeLessThan(300);
    const form = new FormData();
    form.set('id', person.id);
    form.set('avatar', new Blob([PNG_1PX], { type: 'image/png' }), 'me.png');
    expect((await person.client.request('POST', '/image/upload', { body: form })).status).toBeLessThan(300);
    const answers = choices.map((choice, i) => ({ id: i + 1, choice, txt: 'x' }));
    expect((await person.client.post('/match/generate', { id: person.id, answers })).status).toBe(201);
    await until(
      'vector',
      async () => (await sql(`select 1 from personality_vector where user_id = ?`, [person.id]))[0],
    );
    return { ...person, name };
  }

  const idsOf = (set: Record<string, { compatibility: { id: string } }>) =>
    Object.values(set).map((card) => card.compatibility.id);

  describe('password recovery', () => {
    it('mails a single-use link that sets a new password, ends every session and verifies the account', async () => {
      const client = t.client();
      const email = `reset${Date.now()}@example.com`;
      const { id } = (
        await client.post('/register', { name: 'Robin <b>Hood</b>', email, password: 'old password 1' })
      ).body;
      const other = t.client();
      expect((await other.post('/login', { email, password: 'old password 1' })).status).toBe(200);

      const forgot = await client.post('/password/forgot', { email: email.toUpperCase() });
      expect(forgot.status).toBe(202);
      expect(forgot.body).toEqual({ sent: true });
      const mail = await t.mail.waitFor(email, (m) => m.raw.includes('Reset your Fated password'));
      expect(mail.raw).not.toContain('Robin');
      const link = resetLinkIn(mail);
      expect(link.url.startsWith(`${t.config.publicUrl}/resetPassword/${id}/`)).toBe(true);
      expect(
        JSON.stringify(await sql(`select * from password_reset_token where user_id = ?`, [id])),
      ).not.toContain(link.token);

      // The link's page asks first whether it still works: nothing is spent by asking, nor by a wrong token.
      const check = (token: string) => client.post('/password/reset/check', { id, token });
      expect(await check(link.token)).toMatchObject({ status: 200, body: { valid: true } });
      expect((await check(`${link.token}x`)).body).toMatchObject({ statusCode: 400, error: 'invalid token' });
      expect((await check(link.token)).status).toBe(200);
      const tooShort = await client.post('/password/reset', { id, token: link.token, password: 'short' });
      expect(tooShort.status).toBe(400);
      const reset = await client.post('/password/reset', {
        id,
        token: link.token,
        password: 'new password 2',
      });
      expect(reset.status).toBe(201);
      expect(reset.body).toEqual({ reset: true });
      const reused = await client.post('/password/reset', {
        id,
        token: link.token,
        password: 'new password 3',
      });
      expect(reused.status).toBe(400);
      expect(reused.body.error).toBe('invalid token');
      expect((await check(link.token)).body).toMatchObject({
        statusCode: 400,
        error: 'invalid token',
        message: 'This reset link has expired or is invalid.',
      });

      expect((await client.post('/login', { email, password: 'old password 1' })).status).toBe(401);
      const login = await client.post('/login', { email, password: 'new password 2' });
      expect(login.status).toBe(200);
      expect(login.body.verification).toBe(true);
      expect((await other.get('/refresh')).status).toBe(401);
    });

    it('answers the same for unknown emails, refuses bad and expired tokens, and a new request replaces the old', async () => {
      const client = t.client();
      expect(await client.post('/password/forgot', { email: 'nobody-here@example.com' })).toMatchObject({
        status: 202,
        body: { sent: true },
      });
      expect((await client.post('/password/forgot', { email: 'not an email' })).status).toBe(400);
      expect((await client.post('/password/forgot', {})).status).toBe(400);

      const person = await t.signUp();
      await client.post('/password/forgot', { email: person.email });
      const first = resetLinkIn(await t.mail.waitFor(person.email, (m) => m.raw.includes('resetPassword')));
      const before = t.mail.count(person.email);
      await client.post('/password/forgot', { email: person.email });
      await until('second mail', async () => t.mail.count(person.email) > before);
      const second = resetLinkIn(await t.mail.waitFor(person.email, (m) => m.raw.includes('resetPassword')));
      expect(second.token).not.toBe(first.token);
      const stale = await client.post('/password/reset', {
        id: person.id,
        token: first.token,
        password: 'whatever 123',
      });
      expect(stale.body).toMatchObject({
        statusCode: 400,
        error: 'invalid token',
        message: 'This reset link has expired or is invalid.',
      });
      // The failed try spent nothing: the newest link still works… unless it expired.
      await sql(
        `update password_reset_token set expires_at = now() - interval '1 minute' where user_id = ?`,
        [person.id],
      );
      const expired = await client.post('/password/reset', {
        id: person.id,
        token: second.token,
        password: 'whatever 123',
      });
      expect(expired.body.error).toBe('invalid token');
      const checked = await client.post('/password/reset/check', { id: person.id, token: second.token });
      expect(checked.body.error).toBe('invalid token');
      for (const id of ['not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
        expect((await client.post('/password/reset/check', { id, token: 'x' })).body.error).toBe(
          'invalid token',
        );
        expect(
          (await client.post('/password/reset', { id, token: 'x', password: 'whatever 123' })).body.error,
        ).toBe('invalid token');
      }
    });

    it('changes the password with the current one; other sessions end, this one stays', async () => {
      const person = await t.signUp();
      const elsewhere = t.client();
      const signedInElsewhere = await elsewhere.post('/login', {
        email: person.email,
        password: person.password,
      });
      expect(signedInElsewhere.status).toBe(200);
      elsewhere.accessToken = signedInElsewhere.body.accessToken;
      expect((await elsewhere.get('/block')).status).toBe(200);

      const wrong = await person.client.post('/password/change', {
        currentPassword: 'nope nope',
        newPassword: 'brand new pass',
      });
      expect(wrong.status).toBe(403);
      expect(wrong.body.error).toBe('wrong password');
      expect(
        (
          await person.client.post('/password/change', {
            currentPassword: person.password,
            newPassword: 'short',
          })
        ).status,
      ).toBe(400);
      expect(
        (
          await t
            .client()
            .post('/password/change', { currentPassword: 'a', newPassword: 'b' }, { token: null })
        ).status,
      ).toBe(401);

      const changed = await person.client.post('/password/change', {
        currentPassword: person.password,
        newPassword: 'brand new pass',
      });
      expect(changed).toMatchObject({ status: 201, body: { changed: true } });
      // This sign-in stays: the token it asked with still works, and so does its refresh cookie.
      expect((await person.client.get('/block')).status).toBe(200);
      expect((await person.client.get('/refresh')).status).toBe(200);
      // Every other one ended at once: its access token and its refresh cookie.
      expect((await elsewhere.get('/block')).status).toBe(401);
      expect((await elsewhere.get('/refresh')).status).toBe(401);
      expect(
        (await t.client().post('/login', { email: person.email, password: 'brand new pass' })).status,
      ).toBe(200);
    });
  });

  describe('unverified accounts', () => {
    it('a day-old unverified sign-up gives its email up; the daily job deletes week-old ones', async () => {
      const client = t.client();
      const email = `squat${Date.now()}@example.com`;
      const first = (await client.post('/register', { name: 'Squatter', email, password: 'password 123' }))
        .body.id;
      expect(
        (await client.post('/register', { name: 'Owner', email, password: 'password 456' })).status,
      ).toBe(409);
      await sql(`update app_user set created_at = now() - interval '25 hours' where id = ?`, [first]);
      const second = await client.post('/register', { name: 'Owner', email, password: 'password 456' });
      expect(second.status).toBe(201);
      expect(await sql(`select id from app_user where email = ?`, [email])).toEqual([{ id: second.body.id }]);

      await sql(`update app_user set created_at = now() - interval '8 days' where id = ?`, [second.body.id]);
      const verified = await t.signUp();
      await sql(`update app_user set created_at = now() - interval '8 days' where id = ?`, [verified.id]);
      const { deleted } = await t.app.get(CommandBus).execute(new PurgeUnverifiedAccountsCommand());
      expect(deleted).toBeGreaterThanOrEqual(1);
      expect(await sql(`select id from app_user where email = ?`, [email])).toEqual([]);
      expect(await sql(`select id from app_user where id = ?`, [verified.id])).toHaveLength(1);
    });
  });

  describe('export and deletion', () => {
    it('exports everything about the person as one JSON attachment, never a hash or token', async () => {
      const person = await member('female', 'male');
      const response = await person.client.get('/account/export');
      expect(response.status).toBe(200);
      expect(response.headers.get('content-disposition')).toMatch(
        /^attachment; filename="?fated-data-\d{4}-\d{2}-\d{2}\.json"?$/,
      );
      const data = response.body;
      expect(Object.keys(data)).toEqual(
        expect.arrayContaining([
          'account',
          'profile',
          'quiz',
          'matches',
          'waitlist',
          'blocks',
          'reports',
          'photo',
        ]),
      );
      expect(data.account).toEqual({
        id: person.id,
        name: person.name,
        email: person.email,
        verified: true,
        createdAt: expect.any(String),
      });
      expect(data.profile).toMatchObject({ city: 'Austin', jobTitle: 'Teacher' });
      expect(data.quiz).toHaveLength(19);
      expect(data.quiz[0]).toEqual({ question: expect.any(String), answer: expect.any(String) });
      expect(data.photo).toMatch(/^data:image\/\w+;base64,/);
      expect(data.waitlist).toMatchObject({ position: expect.any(Number) });
      const text = JSON.stringify(data);
      expect(text).not.toMatch(/argon2|passwordHash|password_hash|tokenHash|token_hash/i);
      expect((await t.client().get('/account/export', { token: null })).status).toBe(401);
    });

    it('deletes every row of the person in one go; nothing of them is left in any table, the outbox included', async () => {
      const shared = pairAnswers();
      const him = await member('male', 'female', shared);
      const her = await member('female', 'male', shared);
      const set = (await him.client.post('/match/new', { userId: him.id })).body;
      expect(idsOf(set)).toContain(her.id);
      const herSet = (await her.client.post('/match/new', { userId: her.id })).body;
      expect(idsOf(herSet)).toContain(him.id);
      const referee = await t.signUp({
        code: (await sql(`select referral_code from app_user where id = ?`, [him.id]))[0].referral_code,
      });
      // A conversation too: interests, the connection and its messages go with him.
      await him.client.post('/interest', { userId: her.id });
      const { connectionId } = (await her.client.post('/interest', { userId: him.id })).body;
      expect(
        (await him.client.post(`/connections/${connectionId}/messages`, { text: 'Hi there' })).status,
      ).toBe(201);
      expect(
        (await her.client.post(`/connections/${connectionId}/messages`, { text: 'Hello!' })).status,
      ).toBe(201);

      const wrong = await him.client.request('DELETE', '/account', { json: { password: 'not it at all' } });
      expect(wrong.status).toBe(403);
      expect(wrong.body.error).toBe('wrong password');
      const gone = await him.client.request('DELETE', '/account', { json: { password: him.password } });
      expect(gone.status).toBe(204);

      expect((await t.client().post('/login', { email: him.email, password: him.password })).status).toBe(
        401,
      );
      expect((await him.client.get('/refresh')).status).toBe(401);
      expect((await him.client.get(`/user/getProfile/${him.id}`)).status).toBe(401);
      expect((await her.client.get(`/user/getProfile/${him.id}`)).status).toBe(404);
      expect((await her.client.get(`/image/fetch/${him.id}`)).status).toBe(404);
      expect(idsOf((await her.client.post('/match/new', { userId: her.id })).body)).not.toContain(him.id);
      expect((await her.client.get('/connections')).body).toEqual([]);
      expect((await her.client.get(`/connections/${connectionId}/messages`)).status).toBe(404);
      expect(
        (await sql(`select referred_by_id from app_user where id = ?`, [referee.id]))[0].referred_by_id,
      ).toBeNull();

      await t.app.get(OutboxRelay).drain();
      const tables = await sql(
        `select table_name, column_name from information_schema.columns
          where table_schema = current_schema() and data_type in ('uuid', 'text', 'character varying', 'json', 'jsonb', 'bytea', 'ARRAY')`,
      );
      const found: string[] = [];
      for (const { table_name, column_name } of tables) {
        const hits = await sql(
          `select count(*)::int as n from "${table_name}"
            where strpos(encode(convert_to("${column_name}"::text, 'UTF8'), 'escape'), ?) > 0
               or strpos(lower("${column_name}"::text), ?) > 0`,
          [him.id, him.email.toLowerCase()],
        );
        if (hits[0].n > 0) found.push(`${table_name}.${column_name}`);
      }
      expect(found).toEqual([]);

      const again = await t
        .client()
        .post('/register', { name: 'Back Again', email: him.email, password: 'password 789' });
      expect(again.status).toBe(201);
    });
  });

  it('a block racing a deletion leaves no event naming the deleted person in the outbox', async () => {
    const orm = t.app.get(MikroORM);
    for (let trial = 0; trial < 6; trial++) {
      const leaving = await t.signUp();
      const blocker = await t.signUp();
      await Promise.all([
        orm.em
          .fork()
          .transactional((em) =>
            blockIn(em, t.app.get(BlockRepository), t.app.get(Outbox), blocker.id, leaving.id),
          )
          .catch(() => undefined), // the deletion may win: the block then has nobody to name
        leaving.client.request('DELETE', '/account', { json: { password: leaving.password } }),
      ]);
      await t.app.get(OutboxRelay).drain();
      // (AccountDeleted itself is removed by the relay once published: outbox-relay.ts.)
      expect(
        await sql(
          `select type from outbox_message where strpos(payload::text, ?) > 0 and type <> 'AccountDeleted'`,
          [leaving.id],
        ),
      ).toEqual([]);
    }
  });

  describe('blocks and reports', () => {
    it('blocks both ways: the card leaves today’s set, profile and photo 404, and they never meet again', async () => {
      const shared = pairAnswers();
      const a = await member('male', 'female', shared);
      const b = await member('female', 'male', shared);
      expect(idsOf((await a.client.post('/match/new', { userId: a.id })).body)).toContain(b.id);
      expect((await b.client.get(`/user/getProfile/${a.id}`)).status).toBe(403);
      expect((await a.client.get(`/user/getProfile/${b.id}`)).status).toBe(200);

      expect((await a.client.post('/block', { userId: a.id })).status).toBe(400);
      expect((await a.client.post('/block', { userId: '00000000-0000-4000-8000-000000000000' })).status).toBe(
        404,
      );
      expect((await a.client.post('/block', { userId: 'nope' })).status).toBe(400);
      expect((await t.client().post('/block', { userId: b.id }, { token: null })).status).toBe(401);
      expect(await a.client.post('/block', { userId: b.id })).toMatchObject({
        status: 201,
        body: { blocked: true },
      });
      expect(await a.client.post('/block', { userId: b.id })).toMatchObject({
        status: 201,
        body: { blocked: true },
      });

      expect(idsOf((await a.client.post('/match/new', { userId: a.id })).body)).not.toContain(b.id);
      expect((await a.client.get(`/user/getProfile/${b.id}`)).status).toBe(404);
      expect((await a.client.get(`/image/fetch/${b.id}`)).status).toBe(404);
      const list = await a.client.get('/block');
      expect(list.body).toEqual([{ userId: b.id, name: b.name, blockedAt: expect.any(String) }]);
      expect((await b.client.get('/block')).body).toEqual([]);
      // The other side cannot lift a block they did not make.
      expect((await b.client.request('DELETE', `/block/${a.id}`)).status).toBe(204);
      expect((await a.client.get('/block')).body).toHaveLength(1);
      // Tomorrow's set leaves them apart too (the daily rule sees blocks as pairs that must not meet).
      const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
      const { RequestMatchesCommand } =
        await import('../../libs/matching/commands/request-matches/request-matches.command.js');
      const next = await t.app.get(CommandBus).execute(new RequestMatchesCommand(b.id, tomorrow));
      expect(idsOf(next as never)).not.toContain(a.id);

      expect((await a.client.request('DELETE', `/block/${b.id}`)).status).toBe(204);
      expect((await a.client.get('/block')).body).toEqual([]);
      expect((await a.client.get(`/user/getProfile/${b.id}`)).status).toBe(200);
    });

    it('reports a match into the moderation queue and blocks them; strangers cannot be reported', async () => {
      const shared = pairAnswers();
      const a = await member('male', 'female', shared);
      const b = await member('female', 'male', shared);
      const stranger = await t.signUp();
      expect(idsOf((await a.client.post('/match/new', { userId: a.id })).body)).toContain(b.id);

      expect((await a.client.post('/report', { userId: b.id, reason: 'rude' })).status).toBe(400);
      expect(
        (await a.client.post('/report', { userId: b.id, reason: 'scam', note: 'x'.repeat(1001) })).status,
      ).toBe(400);
      // A stranger answers exactly as an id nobody has: neither a report nor a block tells that an account exists.
      const nobody = '00000000-0000-4000-8000-000000000000';
      const unknown = await a.client.post('/report', { userId: nobody, reason: 'scam' });
      expect(unknown.status).toBe(404);
      expect(await a.client.post('/report', { userId: stranger.id, reason: 'scam' })).toMatchObject({
        status: 404,
        body: unknown.body,
      });
      expect(await a.client.post('/block', { userId: stranger.id })).toMatchObject({
        status: 404,
        body: (await a.client.post('/block', { userId: nobody })).body,
      });
      expect((await a.client.get('/block')).body).toEqual([]);
      expect((await a.client.post('/report', { userId: a.id, reason: 'scam' })).status).toBe(400);
      const reported = await a.client.post('/report', {
        userId: b.id,
        reason: 'harassment',
        note: 'Rude messages',
      });
      expect(reported).toMatchObject({ status: 201, body: { reported: true } });
      expect((await a.client.get('/block')).body.map((x: { userId: string }) => x.userId)).toEqual([b.id]);
      expect(await sql(`select reason, note, status from user_report where reporter_id = ?`, [a.id])).toEqual(
        [{ reason: 'harassment', note: 'Rude messages', status: 'open' }],
      );
      expect((await a.client.get('/account/export')).body.reports).toEqual([
        expect.objectContaining({ name: b.name, reason: 'harassment', status: 'open' }),
      ]);

      // Reporting the same person again while the report is open adds nothing; a flood is refused.
      for (let i = 0; i < 5; i++) {
        expect(
          await a.client.post('/report', { userId: b.id, reason: 'scam', note: 'y'.repeat(1000) }),
        ).toMatchObject({ status: 201, body: { reported: true } });
      }
      expect(await sql(`select count(*)::int as n from user_report where reporter_id = ?`, [a.id])).toEqual([
        { n: 1 },
      ]);
      let status = 201;
      for (let i = 0; i < 20 && status === 201; i++) {
        status = (await a.client.post('/report', { userId: b.id, reason: 'scam' })).status;
      }
      expect(status).toBe(429);
    });

    it('the export leaves out a match who blocked you or was suspended, and writes no summary', async () => {
      const shared = pairAnswers();
      const ann = await member('female', 'male', shared);
      const bram = await member('male', 'female', shared);
      const set = (await ann.client.post('/match/new', { userId: ann.id })).body;
      expect(idsOf(set)).toContain(bram.id);
      await sql(`update match_pick set summary = null where user_id = ?`, [ann.id]);
      const before = (await ann.client.get('/account/export')).body.matches;
      expect(before.map((m: { name: string }) => m.name)).toContain(bram.name);
      expect(before.every((m: { summary: string }) => m.summary === '')).toBe(true);
      expect(
        await sql(`select 1 from match_pick where user_id = ? and summary is not null`, [ann.id]),
      ).toEqual([]);

      expect(idsOf((await bram.client.post('/match/new', { userId: bram.id })).body)).toContain(ann.id);
      expect((await bram.client.post('/block', { userId: ann.id })).status).toBe(201);
      const after = JSON.stringify((await ann.client.get('/account/export')).body.matches);
      expect(after).not.toContain(bram.name);

      expect((await bram.client.request('DELETE', `/block/${ann.id}`)).status).toBe(204);
      expect(JSON.stringify((await ann.client.get('/account/export')).body.matches)).toContain(bram.name);
      await t.app.get(CommandBus).execute(new SetAccountSuspensionCommand(bram.email, true));
      expect(JSON.stringify((await ann.client.get('/account/export')).body.matches)).not.toContain(bram.name);
    });

    it('a suspended account cannot sign in, its tokens stop working and nobody sees it', async () => {
      const shared = pairAnswers();
      const a = await member('male', 'female', shared);
      const b = await member('female', 'male', shared);
      expect(idsOf((await a.client.post('/match/new', { userId: a.id })).body)).toContain(b.id);
      await t.app.get(CommandBus).execute(new SetAccountSuspensionCommand(b.email, true));

      const login = await t.client().post('/login', { email: b.email, password: b.password });
      expect(login.status).toBe(403);
      expect(login.body).toEqual({
        statusCode: 403,
        error: 'suspended',
        message: 'This account is suspended',
      });
      expect((await t.client().post('/login', { email: b.email, password: 'wrong password' })).status).toBe(
        401,
      );
      expect((await b.client.get(`/user/getProfile/${b.id}`)).status).toBe(401);
      expect((await b.client.get('/refresh')).status).toBe(401);
      expect((await a.client.get(`/user/getProfile/${b.id}`)).status).toBe(404);
      expect(idsOf((await a.client.post('/match/new', { userId: a.id })).body)).not.toContain(b.id);

      await t.app.get(CommandBus).execute(new SetAccountSuspensionCommand(b.email, false));
      expect((await t.client().post('/login', { email: b.email, password: b.password })).status).toBe(200);
      expect((await a.client.get(`/user/getProfile/${b.id}`)).status).toBe(200);
    });

    it("a suspended member's POST /match/new is refused, their stored set unread and no new set made", async () => {
      const shared = pairAnswers();
      const a = await member('male', 'female', shared);
      const b = await member('female', 'male', shared);
      const stored = await a.client.post('/match/new', { userId: a.id });
      expect(idsOf(stored.body)).toContain(b.id);
      const expired = {
        statusCode: 401,
        error: 'Unauthorized',
        message: 'Your session has expired. Please sign in again.',
      };

      for (const person of [a, b]) {
        await t.app.get(CommandBus).execute(new SetAccountSuspensionCommand(person.email, true));
        const refused = await person.client.post('/match/new', { userId: person.id });
        expect({ status: refused.status, body: refused.body }).toEqual({ status: 401, body: expired });
      }
      expect(await sql('select 1 from match_set where user_id = ?', [b.id])).toEqual([]);

      for (const person of [a, b])
        await t.app.get(CommandBus).execute(new SetAccountSuspensionCommand(person.email, false));
      // The suspension ended their sessions for good: lifting it lets them sign in again, not resume.
      expect((await a.client.post('/match/new', { userId: a.id })).status).toBe(401);
      a.client.accessToken = (
        await a.client.post('/login', { email: a.email, password: a.password })
      ).body.accessToken;
      const again = await a.client.post('/match/new', { userId: a.id });
      expect(again.status).toBe(200);
      expect(again.body).toEqual(stored.body);
    });
  });
});
