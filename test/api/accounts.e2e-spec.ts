import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MikroORM } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { verificationLinkIn } from '../support/mail-catcher.js';

describe('accounts API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('signs up, mails a link that verifies once, signs in, refreshes and logs out', async () => {
    const client = t.client();
    const email = 'Avery.Jones@Example.com';
    const registered = await client.post('/register', { name: 'Avery', email, password: 'password123' });
    expect(registered.status).toBe(201);
    const { id } = registered.body;

    expect((await client.post('/register/verify', { id, name: 'Avery', email })).status).toBe(201);
    const mail = await t.mail.waitFor('avery.jones@example.com');
    expect(mail.raw).toContain('Subject: Verify your email for Fated');
    expect(mail.raw).toContain('text/html');
    const link = verificationLinkIn(mail);
    expect(link.url.startsWith(`${t.config.publicUrl}/verifyEmail/${id}/`)).toBe(true);

    const login1 = await client.post('/login', { email, password: 'password123' });
    expect(login1.status).toBe(200);
    expect(login1.body).toEqual({ accessToken: expect.any(String), verification: false, id });

    expect((await client.post('/verification', { id, emailToken: link.token })).status).toBe(201);
    const reused = await client.post('/verification', { id, emailToken: link.token });
    expect(reused.status).toBe(400);
    expect(reused.body.message).toBe(
      'Your verification token has expired or is invalid. Please request a new verification email.',
    );

    const refreshed = await client.get('/refresh');
    expect(refreshed.status).toBe(200);
    expect(refreshed.body).toEqual({ accessToken: expect.any(String), verification: true });
    const [, payload] = (refreshed.body.accessToken as string).split('.');
    expect(JSON.parse(Buffer.from(payload!, 'base64url').toString())).toMatchObject({
      id,
      email: 'avery.jones@example.com',
    });

    expect((await client.get('/logout')).status).toBe(200);
    expect((await client.get('/refresh')).status).toBe(401);
  });

  it('answers with the spec texts for register and login errors', async () => {
    const client = t.client();
    await client.post('/register', { name: 'Sam', email: 'sam@example.com', password: 'password123' });
    const dup = await client.post('/register', {
      name: 'Sam',
      email: 'SAM@example.com',
      password: 'password123',
    });
    expect(dup.body).toEqual({ statusCode: 409, error: 'email-in-use', message: 'Email already in use' });
    expect(
      (await client.post('/register', { name: 'Sam', email: 'nope', password: 'password123' })).body.message,
    ).toBe('Not a valid email');
    // Quoted local parts, spaces and control characters: valid to RFC 5322, never to us (a CR/LF splits a log line).
    // (Control characters are refused in any text field first, with that field-independent message.)
    for (const email of [
      '"a\r\nb"@example.com',
      '"sam smith"@example.com',
      '"sam"@example.com',
      'sam\u200e@example.com',
    ]) {
      const refused = await client.post('/register', { name: 'Sam', email, password: 'password123' });
      expect(refused.status).toBe(400);
      if (!email.includes('\r')) expect(refused.body.message).toBe('Not a valid email');
      expect((await client.post('/password/forgot', { email })).status).toBe(400);
    }
    expect((await client.post('/register', { name: 'Sam', email: 'a@b.co', password: 'short' })).status).toBe(
      400,
    );
    expect(
      (await client.post('/register', { name: 'Sam', email: 'a@b.co', password: 'x'.repeat(129) })).status,
    ).toBe(400);
    expect((await client.post('/login', { email: '', password: 'x' })).body).toMatchObject({
      statusCode: 400,
      message: 'Missing email or password',
    });
    expect(
      (await client.post('/login', { email: 'sam@example.com', password: 'wrong-password' })).body,
    ).toMatchObject({
      statusCode: 401,
      message: 'Email or password is incorrect',
    });
    expect(
      (await client.post('/login', { email: 'ghost@example.com', password: 'password123' })).status,
    ).toBe(401);
    // Longer than any account's: a wrong email or password, as the sign-in page words it.
    for (const body of [
      { email: 'sam@example.com', password: 'x'.repeat(129) },
      { email: `${'s'.repeat(250)}@example.com`, password: 'password123' },
    ])
      expect((await client.post('/login', body)).body).toMatchObject({
        statusCode: 401,
        message: 'Email or password is incorrect',
      });
  });

  it('records a valid referral code and ignores an unknown one', async () => {
    const client = t.client();
    const unknown = await client.post('/register', {
      name: 'Kim',
      email: 'kim@example.com',
      password: 'password123',
      code: 'NOSUCHCODE',
    });
    expect(unknown.status).toBe(201);
  });

  it('rotates refresh tokens and revokes the session when an old one is replayed', async () => {
    const { client } = await t.signUp();
    const first = client.cookie('fated_refresh')!;
    expect((await client.get('/refresh')).status).toBe(200);
    const second = client.cookie('fated_refresh')!;
    expect(second).not.toBe(first);

    // Past the grace window for concurrent tabs (below), a rotated token coming back means a copy.
    const orm = t.app.get(MikroORM);
    await (orm.em.fork() as SqlEntityManager)
      .getConnection()
      .execute(
        `update refresh_session set rotated_at = now() - interval '1 minute' where rotated_at is not null`,
      );
    const thief = t.client();
    thief.setCookie('fated_refresh', first);
    expect((await thief.get('/refresh')).status).toBe(401);
    // The replay ended the whole sign-in, including the legitimate newest token.
    expect((await client.get('/refresh')).status).toBe(401);
  });

  it('lets two tabs refresh with the same cookie at once without signing the person out', async () => {
    const { client } = await t.signUp();
    const shared = client.cookie('fated_refresh')!;
    const otherTab = t.client();
    otherTab.setCookie('fated_refresh', shared);
    const [a, b] = await Promise.all([client.get('/refresh'), otherTab.get('/refresh')]);
    expect([a.status, b.status]).toEqual([200, 200]);
    // Both tabs go on refreshing with what they were given.
    expect((await client.get('/refresh')).status).toBe(200);
    expect((await otherTab.get('/refresh')).status).toBe(200);
  });

  it('replaces the old verification link when one is resent', async () => {
    const client = t.client();
    const email = 'resend@example.com';
    const { id } = (await client.post('/register', { name: 'Re', email, password: 'password123' })).body;
    await client.post('/register/verify', { id, name: 'Re', email });
    const first = verificationLinkIn(await t.mail.waitFor(email));
    expect((await client.post('/register/resend', { id })).status).toBe(201);
    const second = verificationLinkIn(await t.mail.waitFor(email, (mail) => !mail.raw.includes(first.token)));
    expect((await client.post('/verification', { id, emailToken: first.token })).status).toBe(400);
    expect((await client.post('/verification', { id, emailToken: second.token })).status).toBe(201);
  });
});

describe('accounts API, mails written to files (no SMTP_URL)', () => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    t = await startTestApp(
      { SMTP_URL: '', LOG_LEVEL: 'log' },
      { logStream: { write: (line: string) => void lines.push(line) } },
    );
  });
  afterAll(() => t.close());

  it('logs that a reset mail was written, never its link: whoever reads the log could take the account', async () => {
    const client = t.client();
    const email = `reset-in-file-${Date.now()}@example.com`;
    const { id } = (await client.post('/register', { name: 'Rowan', email, password: 'password123' })).body;
    expect((await client.post('/password/forgot', { email })).status).toBe(202);

    const written = () =>
      lines.some((line) =>
        line.includes(`password reset mail for account ${id} written to ${t.config.outboxDir}`),
      );
    for (let waited = 0; !written() && waited < 5_000; waited += 50)
      await new Promise((r) => setTimeout(r, 50));
    expect(written()).toBe(true);
    const mails = readdirSync(t.config.outboxDir).map((file) =>
      readFileSync(join(t.config.outboxDir, file), 'utf8'),
    );
    const token = mails.join('\n').match(/resetPassword\/[0-9a-f-]+\/([A-Za-z0-9_-]+)/)?.[1];
    expect(token).toBeDefined();
    expect(lines.join('\n')).not.toContain(token);
    expect(lines.join('\n')).not.toContain('/resetPassword/');
  });
});
