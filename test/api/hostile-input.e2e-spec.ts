import { MikroORM } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { JwtService } from '@nestjs/jwt';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { verificationLinkIn } from '../support/mail-catcher.js';

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('hostile input', () => {
  let t: TestApp;
  let userId: string;
  let accessToken: string;

  const sql = async (query: string, params: unknown[] = []) =>
    (t.app.get(MikroORM).em.fork() as SqlEntityManager).getConnection().execute(query, params) as Promise<
      any[]
    >;
  const userCount = async () => Number((await sql('select count(*)::int as n from app_user'))[0].n);

  beforeAll(async () => {
    t = await startTestApp();
    const signedUp = await t.signUp();
    userId = signedUp.id;
    accessToken = signedUp.client.accessToken!;
  });
  afterAll(() => t.close());

  it('answers malformed JSON with a 400 JSON error and writes nothing', async () => {
    const before = await userCount();
    const response = await fetch(`${t.baseUrl}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name": "x", "email": ',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'Malformed JSON body',
    });
    expect(await userCount()).toBe(before);
  });

  it('refuses a body the API cannot read with 415, never taking it as empty', async () => {
    const before = await userCount();
    const body = JSON.stringify({ name: 'Plain Text', email: 'plain@example.com', password: 'password123' });
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/xml']) {
      const response = await fetch(`${t.baseUrl}/api/register`, {
        method: 'POST',
        headers: { 'content-type': type },
        body,
      });
      expect(response.status).toBe(415);
      expect(await response.json()).toEqual({
        statusCode: 415,
        error: 'Unsupported Media Type',
        message: 'Send the body as JSON (Content-Type: application/json)',
      });
    }
    const latin1 = await fetch(`${t.baseUrl}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=latin1' },
      body,
    });
    expect(latin1.status).toBe(415);
    expect(await latin1.json()).toEqual({
      statusCode: 415,
      error: 'Unsupported Media Type',
      message: 'Send the body as JSON in UTF-8',
    });
    // A PATCH whose settings cannot be read is not answered 200 with nothing saved.
    const patch = await fetch(`${t.baseUrl}/api/account/notifications`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'text/plain' },
      body: JSON.stringify({ mutual: false }),
    });
    expect(patch.status).toBe(415);
    // No body at all still reaches the route, which names what is missing.
    const empty = await fetch(`${t.baseUrl}/api/match/new`, {
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(empty.status).toBe(400);
    expect(await userCount()).toBe(before);
  });

  it('refuses missing, wrong-typed and unknown fields with 400', async () => {
    const client = t.client();
    const before = await userCount();
    const bodies: unknown[] = [
      {},
      { name: 'A', email: 'a@example.com' },
      { name: 123, email: 'a@example.com', password: 'password123' },
      { name: 'A', email: ['a@example.com'], password: 'password123' },
      { name: 'A', email: 'a@example.com', password: { $gt: '' } },
      { name: 'A', email: 'a@example.com', password: 'password123', isAdmin: true },
      { name: 'A', email: 'a@example.com', password: 'password123', code: 42 },
      [1, 2, 3],
      'just a string',
      null,
    ];
    for (const body of bodies) {
      const response = await client.post('/register', body);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({
        statusCode: 400,
        error: expect.any(String),
        message: expect.any(String),
      });
    }
    for (const body of [
      {},
      { email: 1, password: 2 },
      { email: 'a@b.c' },
      { email: 'a@b.c', password: ['x'] },
    ]) {
      expect((await client.post('/login', body)).status).toBe(400);
    }
    for (const body of [{}, { id: 'not-a-uuid', emailToken: 'x' }, { id: userId, emailToken: 42 }]) {
      expect((await client.post('/verification', body)).status).toBe(400);
    }
    expect((await client.post('/register/resend', { id: '../../etc/passwd' })).status).toBe(400);
    expect(await userCount()).toBe(before);
  });

  it('answers a huge body with 413', async () => {
    const response = await t
      .client()
      .post('/register', { name: 'A', email: 'a@example.com', password: 'p'.repeat(300_000) });
    expect(response.status).toBe(413);
    expect(response.body).toMatchObject({ statusCode: 413 });
  });

  it('refuses expired and wrong verification tokens with the spec message', async () => {
    const client = t.client();
    const email = 'expired@example.com';
    const { id } = (await client.post('/register', { name: 'E', email, password: 'password123' })).body;
    await client.post('/register/verify', { id, name: 'E', email });
    const link = verificationLinkIn(await t.mail.waitFor(email));
    await sql(
      `update email_verification_token set expires_at = now() - interval '1 minute' where user_id = ?`,
      [id],
    );
    const expired = await client.post('/verification', { id, emailToken: link.token });
    expect(expired.status).toBe(400);
    expect(expired.body.message).toMatch(/expired or is invalid/);
    const wrongUser = await client.post('/verification', { id: userId, emailToken: link.token });
    expect(wrongUser.status).toBe(400);
  });

  describe('access tokens', () => {
    const protectedPath = () => `/waitlist/${userId}`;

    it('accepts the real token', async () => {
      expect((await t.client().get(protectedPath(), { token: accessToken })).status).toBe(200);
    });

    it.each([
      ['no token', null],
      ['garbage', 'not.a.jwt'],
      ['alg none', `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ id: 'x', email: 'x@x.x' })}.`],
    ])('refuses %s with 401', async (_label, token) => {
      const response = await t.client().get(protectedPath(), { token });
      expect(response.status).toBe(401);
      expect(response.body).toMatchObject({ statusCode: 401, message: expect.any(String) });
    });

    it('refuses a tampered, a foreign-signed and an expired token with 401', async () => {
      const [header, payload, signature] = accessToken.split('.');
      const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
      const tampered = `${header}.${b64({ ...claims, id: '00000000-0000-4000-8000-000000000000' })}.${signature}`;
      const jwt = new JwtService();
      const foreign = await jwt.signAsync(
        { id: userId, email: claims.email },
        { secret: 'an-attacker-secret-that-is-long-enough-123', algorithm: 'HS256', expiresIn: '5m' },
      );
      const now = Math.floor(Date.now() / 1000);
      const expired = await jwt.signAsync(
        { id: userId, email: claims.email, iat: now - 3600, exp: now - 60 },
        { secret: t.config.jwt.accessSecret, algorithm: 'HS256' },
      );
      for (const token of [tampered, foreign, expired]) {
        expect((await t.client().get(protectedPath(), { token })).status).toBe(401);
      }
    });

    it('refuses a valid token for another user with 403', async () => {
      const other = await t.signUp();
      expect((await other.client.get(protectedPath())).status).toBe(403);
    });
  });

  it('refuses refresh and logout without a cookie without errors', async () => {
    const client = t.client();
    expect((await client.get('/refresh')).status).toBe(401);
    client.setCookie('fated_refresh', 'forged-token-value');
    expect((await client.get('/refresh')).status).toBe(401);
    expect((await t.client().get('/logout')).status).toBe(200);
  });
});

describe('auth throttling', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ AUTH_RATE_LIMIT: '8', AUTH_EMAIL_RATE_LIMIT: '3' });
  });
  afterAll(() => t.close());

  it('limits attempts per email, then per IP, with 429', async () => {
    const client = t.client();
    const attempt = (email: string) => client.post('/login', { email, password: 'wrong-password' });
    for (let i = 0; i < 3; i++) expect((await attempt('victim@example.com')).status).toBe(401);
    const throttled = await attempt('victim@example.com');
    expect(throttled.status).toBe(429);
    expect(throttled.body).toMatchObject({
      statusCode: 429,
      message: expect.stringMatching(/Too many attempts/),
    });
    // Another address from the same IP still gets through until the IP limit (8 a minute) is used up.
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await attempt(`other${i}@example.com`)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
  });
});
