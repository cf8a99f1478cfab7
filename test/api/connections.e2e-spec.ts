import { randomUUID } from 'node:crypto';
import { MikroORM } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { CommandBus } from '@nestjs/cqrs';
import { io, type Socket } from 'socket.io-client';
import { SetAccountSuspensionCommand } from '../../libs/accounts/commands/suspend-account/set-account-suspension.command.js';
import { AppConfig } from '../../libs/config/app-config.js';
import { addDays, calendarDay } from '../../libs/matching/index.js';
import {
  ConnectionsGateway,
  PENDING_HANDSHAKES_PER_CLIENT,
} from '../../libs/connections/realtime/connections.gateway.js';
import { READ_MARKS_PER_MINUTE } from '../../libs/connections/connections.controller.js';
import { INTEREST_PER_MINUTE } from '../../libs/connections/commands/express-interest/interest.controller.js';
import { JwtService } from '@nestjs/jwt';
import { startTestApp, type TestApp } from '../support/test-app.js';

const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

type Member = Awaited<ReturnType<TestApp['signUp']>> & { name: string };

/** Design.md "Connections: mutual interest and conversations", every contract bullet, with real sockets. */
describe('connections (API and Socket.IO)', () => {
  let t: TestApp;
  let sql: (query: string, params?: unknown[]) => Promise<any[]>;
  let n = 0;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    t = await startTestApp();
    const orm = t.app.get(MikroORM);
    sql = (query, params = []) =>
      (orm.em.fork() as SqlEntityManager).getConnection().execute(query, params, 'all');
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await t.close();
  });

  async function until<T>(
    what: string,
    probe: () => Promise<T | undefined | false> | T | undefined | false,
    ms = 10_000,
  ) {
    const deadline = Date.now() + ms;
    for (;;) {
      const value = await probe();
      if (value) return value;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  /** A verified member with a profile, a photo and a quiz; each pair of a test shares answers nobody else has. */
  async function member(
    gender: 'male' | 'female',
    preferredSex: 'male' | 'female',
    choices: number[],
  ): Promise<Member> {
    const name = `Conn${++n} Person`;
    const person = await t.signUp({ name });
    await person.client.post('/user/setProfile', {
      id: person.id,
      city: 'Austin',
      state: 'TX',
      age: 31,
      gender,
      preferredSex,
      education: 'Music',
      jobTitle: 'Baker',
      bio: 'Bread, hikes and old records.',
    });
    const form = new FormData();
    form.set('id', person.id);
    form.set('avatar', new Blob([PNG_1PX], { type: 'image/png' }), 'me.png');
    await person.client.request('POST', '/image/upload', { body: form });
    const answers = choices.map((choice, i) => ({ id: i + 1, choice, txt: 'x' }));
    expect((await person.client.post('/match/generate', { id: person.id, answers })).status).toBe(201);
    await until(
      'vector',
      async () => (await sql(`select 1 from personality_vector where user_id = ?`, [person.id]))[0],
    );
    return { ...person, name };
  }

  /** Two members who are each other's best match; only `a` has asked for today's set. */
  async function pair(): Promise<[Member, Member]> {
    const shared = Array.from({ length: 19 }, () => 1 + Math.floor(Math.random() * 5));
    const a = await member('male', 'female', shared);
    const b = await member('female', 'male', shared);
    const set = (await a.client.post('/match/new', { userId: a.id })).body;
    expect(set.best.compatibility.id).toBe(b.id);
    expect(set.best.interest).toBe('none');
    return [a, b];
  }

  /** A connected socket of `person` that records every server event. */
  async function listen(
    person: Member,
    token = person.client.accessToken,
  ): Promise<{ socket: Socket; events: { name: string; data: any }[] }> {
    const socket = io(t.baseUrl, {
      path: '/api/socket.io',
      auth: { token },
      transports: ['websocket'],
      reconnection: false,
    });
    sockets.push(socket);
    const events: { name: string; data: any }[] = [];
    socket.onAny((name: string, data: unknown) => events.push({ name, data }));
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return { socket, events };
  }

  /** The `connection` event each listener got, once all have one. */
  async function connectionEvents(...lives: { events: { name: string; data: any }[] }[]) {
    const of = (live: (typeof lives)[number]) => live.events.find((e) => e.name === 'connection');
    await until('connection events', () => lives.every(of));
    return lives.map((live) => of(live)!.data);
  }

  async function connect(a: Member, b: Member): Promise<string> {
    expect((await a.client.post('/interest', { userId: b.id })).body).toEqual({
      interested: true,
      mutual: false,
    });
    const mutual = await b.client.post('/interest', { userId: a.id });
    expect(mutual.body).toEqual({ interested: true, mutual: true, connectionId: expect.any(String) });
    return mutual.body.connectionId;
  }

  it("tells both members of a new connection, whatever happens to one's mail", async () => {
    const [a, b] = await pair();
    const [aLive, bLive] = [await listen(a), await listen(b)];
    // b makes it mutual and is told first; b's mailbox refuses the mail.
    t.mail.refuse(b.email);
    const id = await connect(a, b);
    const [toA] = await connectionEvents(aLive, bLive);
    expect(toA).toEqual({ id, userId: b.id, name: b.name });
    const mail = await t.mail.waitFor(a.email, (m) => m.raw.includes("It's mutual"));
    expect(mail.raw).toContain(`Subject: It's mutual: you and ${b.name}`);
    // Its footer says where such mails are turned off, not the sign-up mail's "someone signed up".
    const unfolded = mail.raw.replace(/=\r?\n/g, '');
    expect(unfolded).toContain('Turn them off in Settings');
    expect(unfolded).toContain(`${t.config.publicUrl}/settings`);
    expect(unfolded).not.toContain('signed up');
    const bMailbox = t.mail.messages.filter((m) => m.to.includes(b.email.toLowerCase()));
    expect(bMailbox.filter((m) => m.raw.includes("It's mutual"))).toEqual([]);
  });

  it('refuses a socket without a valid token', async () => {
    // A token as long as an HTTP request's headers may be is refused as bad, not dropped as a large frame.
    for (const auth of [{}, { token: 'nope' }, { token: 'x'.repeat(5_000) }, { token: 'x'.repeat(15_000) }]) {
      const socket = io(t.baseUrl, {
        path: '/api/socket.io',
        auth,
        transports: ['websocket'],
        reconnection: false,
      });
      sockets.push(socket);
      const error = await new Promise<Error>((resolve) => socket.once('connect_error', resolve));
      expect(error.message).toBe('unauthorized');
    }
  });

  it('keeps one-sided interest private to its target, who can answer it; mutual interest connects and tells both', async () => {
    const [a, b] = await pair();
    const stranger = await member(
      'female',
      'male',
      Array.from({ length: 19 }, () => 3),
    );
    const bLive = await listen(b);
    const aLive = await listen(a);

    expect((await a.client.post('/interest', { userId: a.id })).status).toBe(400);
    expect((await a.client.post('/interest', { userId: 'nope' })).status).toBe(400);
    const unknown = await a.client.post('/interest', { userId: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.status).toBe(404);
    expect(await a.client.post('/interest', { userId: stranger.id })).toMatchObject({
      status: 404,
      body: unknown.body,
    });

    // b was never shown a: a's profile is closed to b until a says "I'm interested".
    expect((await b.client.get(`/user/getProfile/${a.id}`)).status).toBe(403);
    expect((await a.client.post('/interest', { userId: b.id })).body).toEqual({
      interested: true,
      mutual: false,
    });
    expect((await a.client.post('/interest', { userId: b.id })).body).toEqual({
      interested: true,
      mutual: false,
    });
    expect((await a.client.post('/match/new', { userId: a.id })).body.best.interest).toBe('sent');
    await until('interest event', () => bLive.events.find((e) => e.name === 'interest'));
    expect(bLive.events.filter((e) => e.name === 'interest')).toEqual([
      { name: 'interest', data: { userId: a.id, name: a.name } },
    ]);
    expect((await b.client.get(`/user/getProfile/${a.id}`)).status).toBe(200);
    expect((await b.client.get(`/image/fetch/${a.id}`)).status).toBe(200);
    const received = (await b.client.get('/interest/received')).body;
    expect(received).toEqual([
      {
        userId: a.id,
        name: a.name,
        imageUrl: `/api/image/fetch/${a.id}`,
        percent: 100,
        summary: expect.any(String),
        at: expect.any(String),
      },
    ]);
    // The summary speaks to b about a (b was never shown a: it is written for b now), not a's about b.
    const aSummary = (await a.client.post('/match/new', { userId: a.id })).body.best.compatibility.summary;
    expect(aSummary).toContain(b.name.split(' ')[0]);
    expect(received[0].summary).toContain(a.name.split(' ')[0]);
    expect(received[0].summary).not.toContain(b.name.split(' ')[0]);
    expect((await a.client.get('/interest/received')).body).toEqual([]);

    // Withdrawn, it is gone from b's list; expressed again, it is back.
    expect((await a.client.request('DELETE', `/interest/${b.id}`)).status).toBe(204);
    expect((await b.client.get('/interest/received')).body).toEqual([]);
    await a.client.post('/interest', { userId: b.id });

    const mutual = await b.client.post('/interest', { userId: a.id });
    expect(mutual.status).toBe(201);
    expect(mutual.body).toEqual({ interested: true, mutual: true, connectionId: expect.any(String) });
    const id = mutual.body.connectionId;
    // Both get the same answer again, b too, who was never shown a (a double click on 'Interested too').
    expect(await b.client.post('/interest', { userId: a.id })).toMatchObject({
      status: 201,
      body: mutual.body,
    });
    expect((await a.client.post('/interest', { userId: b.id })).body).toEqual(mutual.body);
    expect((await a.client.post('/match/new', { userId: a.id })).body.best).toMatchObject({
      interest: 'mutual',
      connectionId: id,
    });
    const [toA, toB] = await connectionEvents(aLive, bLive);
    expect(toA).toEqual({ id, userId: b.id, name: b.name });
    expect(toB).toEqual({ id, userId: a.id, name: a.name });
    for (const person of [a, b]) {
      const other = person === a ? b : a;
      const mail = await t.mail.waitFor(person.email, (m) => m.raw.includes("It's mutual"));
      expect(mail.raw).toContain(`Subject: It's mutual: you and ${other.name}`);
      expect(mail.raw).toContain(`${t.config.publicUrl}/connections/${id}`);
    }
    expect((await b.client.get('/interest/received')).body).toEqual([]);
    expect((await a.client.get('/connections')).body).toEqual([
      {
        id,
        userId: b.id,
        name: b.name,
        imageUrl: `/api/image/fetch/${b.id}`,
        connectedAt: expect.any(String),
        lastMessage: null,
        unread: 0,
      },
    ]);
  });

  it('allows interest in someone from the sets of the last 30 days: today and the 29 before', async () => {
    const x = await member(
      'male',
      'female',
      Array.from({ length: 19 }, () => 1),
    );
    const y = await member(
      'female',
      'male',
      Array.from({ length: 19 }, () => 5),
    );
    const today = calendarDay(new Date(), t.app.get(AppConfig).timeZone);
    const shownOn = async (daysAgo: number) => {
      const day = addDays(today, -daysAgo);
      await sql(`select ensure_match_pick_day(?::date)`, [day]);
      await sql(
        `insert into match_pick (user_id, day, tier, candidate_id, percent, created_at) values (?, ?::date, 'best', ?, 50, now())`,
        [x.id, day, y.id],
      );
    };
    await shownOn(30);
    expect((await x.client.post('/interest', { userId: y.id })).status).toBe(404);
    await shownOn(29);
    expect((await x.client.post('/interest', { userId: y.id })).status).toBe(201);
  });

  it('two members interested in each other at the same moment are connected once', async () => {
    const [a, b] = await pair();
    // b is interested in a first only through a's interest, so b's own set is asked for too.
    await b.client.post('/match/new', { userId: b.id });
    const answers = await Promise.all([
      a.client.post('/interest', { userId: b.id }),
      b.client.post('/interest', { userId: a.id }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([201, 201]);
    expect(answers.some((answer) => answer.body.mutual)).toBe(true);
    const rows = await sql(`select id from connection where user_a in (?, ?) and user_b in (?, ?)`, [
      a.id,
      b.id,
      a.id,
      b.id,
    ]);
    expect(rows).toHaveLength(1);
  });

  it('"Not for me" takes an interest off the list without telling the interested person', async () => {
    const [a, b] = await pair();
    await a.client.post('/interest', { userId: b.id });
    expect((await b.client.post('/interest/decline', { userId: a.id })).status).toBe(204);
    expect((await b.client.get('/interest/received')).body).toEqual([]);
    expect((await a.client.post('/interest', { userId: b.id })).body).toEqual({
      interested: true,
      mutual: false,
    });
    expect((await b.client.get('/interest/received')).body).toEqual([]);
    expect((await b.client.post('/interest/decline', { userId: a.id })).status).toBe(204);
    expect((await a.client.post('/interest/decline', { userId: b.id })).status).toBe(404);

    // Withdrawing and sending again does not undo it: b is not told again, and a sees only their own toggle.
    const bLive = await listen(b);
    expect((await a.client.request('DELETE', `/interest/${b.id}`)).status).toBe(204);
    expect((await a.client.post('/match/new', { userId: a.id })).body.best.interest).toBe('none');
    expect((await a.client.post('/interest', { userId: b.id })).body).toEqual({
      interested: true,
      mutual: false,
    });
    expect((await a.client.post('/match/new', { userId: a.id })).body.best.interest).toBe('sent');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(bLive.events.filter((e) => e.name === 'interest')).toEqual([]);
    expect((await b.client.get('/interest/received')).body).toEqual([]);
    // b may still change their mind: b's own interest in a makes it mutual.
    expect((await b.client.post('/match/new', { userId: b.id })).status).toBe(200);
    expect((await b.client.post('/interest', { userId: a.id })).body).toMatchObject({ mutual: true });
  });

  it('stores each message before telling both members, once per clientId, pages history and counts unread', async () => {
    const [a, b] = await pair();
    const id = await connect(a, b);
    const bLive = await listen(b);
    const aLive = await listen(a);
    const clientId = '6f1e4a52-3c1b-4d7e-9a8f-2b3c4d5e6f70';

    const sent = await a.client.post(`/connections/${id}/messages`, {
      text: '  Hello there!\nHow are you?  ',
      clientId,
    });
    expect(sent.status).toBe(201);
    expect(sent.body).toEqual({
      id: expect.any(String),
      senderId: a.id,
      text: 'Hello there!\nHow are you?',
      sentAt: expect.any(String),
    });
    const again = await a.client.post(`/connections/${id}/messages`, { text: 'Hello there!', clientId });
    expect(again.body).toEqual(sent.body);
    expect(await sql(`select count(*)::int as n from message where connection_id = ?`, [id])).toEqual([
      { n: 1 },
    ]);
    await until(
      'message on both',
      () => bLive.events.some((e) => e.name === 'message') && aLive.events.some((e) => e.name === 'message'),
    );
    expect(bLive.events.filter((e) => e.name === 'message').map((e) => e.data)).toEqual([
      { connectionId: id, ...sent.body },
    ]);

    const invisible = ['\u200B', '\u200B\u200D \u2060', '\u3164\u2800', '\uFE0F', ' \u0301\u20DD '];
    const hidden = [
      'a\uFFF9b\uFFFAc\uFFFB',
      'hi\u{E0049}\u{E0047}\u{E004E}',
      'hi \u{1F3F4}\u{E0069}\u{E0067}\u{E006E}\u{E006F}\u{E0072}\u{E0065}\u{E007F}',
    ];
    for (const text of [
      '',
      '   ',
      ...invisible,
      ...hidden,
      'x'.repeat(2001),
      'bad\u0007bell',
      'evil\u202Eoverride',
    ]) {
      expect((await a.client.post(`/connections/${id}/messages`, { text })).status).toBe(400);
    }
    expect((await a.client.post(`/connections/${id}/messages`, { text: 'x'.repeat(2000) })).status).toBe(201);
    for (let i = 0; i < 5; i++) await b.client.post(`/connections/${id}/messages`, { text: `Reply ${i}` });
    const list = (await a.client.get('/connections')).body;
    expect(list[0]).toMatchObject({ id, unread: 5, lastMessage: { senderId: b.id, text: 'Reply 4' } });
    expect((await b.client.get('/connections')).body[0].unread).toBe(2);

    const newest = (await a.client.get(`/connections/${id}/messages?limit=3`)).body;
    expect(newest.more).toBe(true);
    expect(newest.messages.map((m: { text: string }) => m.text)).toEqual(['Reply 2', 'Reply 3', 'Reply 4']);
    const older = (await a.client.get(`/connections/${id}/messages?limit=3&before=${newest.messages[0].id}`))
      .body;
    expect(older.messages.map((m: { text: string }) => m.text)).toEqual([
      'x'.repeat(2000),
      'Reply 0',
      'Reply 1',
    ]);
    const oldest = (await a.client.get(`/connections/${id}/messages?limit=3&before=${older.messages[0].id}`))
      .body;
    expect(oldest).toEqual({ messages: [sent.body], more: false });
    // 2000 emoji are 2000 characters; a flag made of tag characters is a flag.
    expect(
      (await a.client.post(`/connections/${id}/messages`, { text: '\u{1F600}'.repeat(2000) })).status,
    ).toBe(201);
    const scotland = '\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}';
    expect((await a.client.post(`/connections/${id}/messages`, { text: `Hi ${scotland}` })).status).toBe(201);
    for (const query of [
      'limit=0',
      'limit=101',
      'limit=x',
      'limit=1e1',
      'limit=0x10',
      'limit=%205',
      'before=nope',
    ]) {
      expect((await a.client.get(`/connections/${id}/messages?${query}`)).status).toBe(400);
    }

    const last = newest.messages[2];
    expect((await a.client.post(`/connections/${id}/read`, { messageId: last.id })).status).toBe(204);
    expect((await a.client.get('/connections')).body[0].unread).toBe(0);
    await until('read receipt', () => bLive.events.find((e) => e.name === 'read'));
    expect(bLive.events.find((e) => e.name === 'read')!.data).toEqual({
      connectionId: id,
      messageId: last.id,
      readerId: a.id,
    });
    // A read mark never moves back.
    expect((await a.client.post(`/connections/${id}/read`, { messageId: sent.body.id })).status).toBe(204);
    expect((await a.client.get('/connections')).body[0].unread).toBe(0);

    // Nobody outside the conversation learns anything of it.
    const outsider = await t.signUp();
    const nothing = await outsider.client.get(`/connections/${id}/messages`);
    expect(nothing.status).toBe(404);
    expect((await outsider.client.post(`/connections/${id}/messages`, { text: 'hi' })).status).toBe(404);
    expect((await outsider.client.post(`/connections/${id}/read`, { messageId: last.id })).status).toBe(404);
    expect((await outsider.client.request('DELETE', `/connections/${id}`)).status).toBe(404);
    expect((await a.client.get('/connections/not-a-uuid/messages')).status).toBe(400);
  });

  it('mails a member without an open socket about new messages, at most once an hour per conversation, never the text', async () => {
    const [a, b] = await pair();
    const id = await connect(a, b);
    await a.client.post(`/connections/${id}/messages`, { text: 'The secret is sourdough' });
    const mail = await t.mail.waitFor(b.email, (m) => m.raw.includes('New message from'));
    expect(mail.raw).toContain(`Subject: New message from ${a.name}`);
    expect(mail.raw).not.toContain('sourdough');
    expect(mail.raw.replace(/=\r?\n/g, '')).toContain(`${t.config.publicUrl}/settings`);
    expect(mail.raw).not.toContain('signed up');
    await a.client.post(`/connections/${id}/messages`, { text: 'Second one' });
    // b comes online: nothing is mailed to b while connected, and a's settings turn mutual mails off.
    await listen(b);
    await b.client.post(`/connections/${id}/messages`, { text: 'Hi!' });
    expect(
      await b.client.request('PATCH', '/account/notifications', { json: { messages: false } }),
    ).toMatchObject({
      status: 200,
      body: { mutual: true, messages: false },
    });
    expect((await b.client.get('/account/notifications')).body).toEqual({ mutual: true, messages: false });
    for (const bad of [{ messages: 'yes' }, { messages: null }, { mutual: null }])
      expect((await b.client.request('PATCH', '/account/notifications', { json: bad })).status).toBe(400);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const toB = t.mail.messages.filter((m) => m.to.includes(b.email) && m.raw.includes('New message from'));
    expect(toB).toHaveLength(1);
  });

  it('unmatching ends the conversation for both and the pair never meets again', async () => {
    const [a, b] = await pair();
    const id = await connect(a, b);
    await b.client.post(`/connections/${id}/messages`, { text: 'Hey' });
    const bLive = await listen(b);
    expect((await a.client.request('DELETE', `/connections/${id}`)).status).toBe(204);
    await until('ended', () => bLive.events.find((e) => e.name === 'ended'));
    expect(bLive.events.find((e) => e.name === 'ended')!.data).toEqual({ connectionId: id });
    for (const person of [a, b]) {
      expect((await person.client.get(`/connections/${id}/messages`)).status).toBe(404);
      expect((await person.client.get('/connections')).body).toEqual([]);
    }
    expect((await a.client.post('/interest', { userId: b.id })).status).toBe(404);
    expect((await b.client.post('/interest', { userId: a.id })).status).toBe(404);
    // The one who was unmatched can still block and report the one who ended it.
    expect((await b.client.post('/block', { userId: a.id })).status).toBe(201);
    expect(
      (await b.client.post('/report', { userId: a.id, reason: 'harassment', note: 'then unmatched me' }))
        .status,
    ).toBe(201);
    // Unknown to each other: profile and photo as for a block.
    for (const [viewer, owner] of [
      [a, b],
      [b, a],
    ]) {
      expect((await viewer.client.get(`/user/getProfile/${owner.id}`)).status).toBe(404);
      expect((await viewer.client.get(`/image/fetch/${owner.id}`)).status).toBe(404);
    }
    expect((await a.client.post('/match/new', { userId: a.id })).body.best?.compatibility.id).not.toBe(b.id);
    await until(
      'matching records the pair',
      async () =>
        (await sql(`select 1 from match_block where user_id = ? and blocked_user_id = ?`, [a.id, b.id]))[0],
    );
    expect(await sql(`select 1 from message where connection_id = ?`, [id])).toEqual([]);
  });

  it('a block or a report ends the connection at once; a reported message goes to the moderators', async () => {
    const [a, b] = await pair();
    const id = await connect(a, b);
    const rude = (await b.client.post(`/connections/${id}/messages`, { text: 'You are awful' })).body;
    const other = await t.signUp();
    expect(
      (await other.client.post('/report', { userId: b.id, reason: 'harassment', messageId: rude.id })).status,
    ).toBe(404);
    expect(
      (
        await a.client.post('/report', {
          userId: b.id,
          reason: 'harassment',
          messageId: '00000000-0000-4000-8000-000000000000',
        })
      ).status,
    ).toBe(404);
    const reported = await a.client.post('/report', {
      userId: b.id,
      reason: 'harassment',
      messageId: rude.id,
    });
    expect(reported.status).toBe(201);
    expect(await sql(`select message_text from user_report where reporter_id = ?`, [a.id])).toEqual([
      { message_text: 'You are awful' },
    ]);
    for (const person of [a, b]) {
      expect((await person.client.get(`/connections/${id}/messages`)).status).toBe(404);
    }
    await until(
      'connection removed',
      async () => (await sql(`select 1 from connection where id = ?`, [id])).length === 0,
    );
    expect((await b.client.get('/connections')).body).toEqual([]);

    const [c, d] = await pair();
    const second = await connect(c, d);
    expect((await d.client.post('/block', { userId: c.id })).status).toBe(201);
    expect((await c.client.post(`/connections/${second}/messages`, { text: 'hello?' })).status).toBe(404);
    expect((await c.client.get('/connections')).body).toEqual([]);
    // A block that ended a connection ends the pair as an unmatch does: an unblock does not bring them back.
    await until(
      'connection ended',
      async () => (await sql(`select 1 from connection where id = ?`, [second])).length === 0,
    );
    expect((await d.client.request('DELETE', `/block/${c.id}`)).status).toBe(204);
    expect((await c.client.post('/interest', { userId: d.id })).status).toBe(404);
    // Ending the conversation first does not spare anyone a report: whom c was connected to, c can report.
    expect((await c.client.post('/report', { userId: d.id, reason: 'harassment' })).status).toBe(201);
    expect((await d.client.post('/interest', { userId: c.id })).status).toBe(404);
    const apart = (from: Member, to: Member) =>
      sql(`select 1 from match_block where user_id = ? and blocked_user_id = ?`, [from.id, to.id]);
    await until('matching took the unblock, and keeps the pair apart', async () => {
      return (await apart(d, c)).length === 0 && (await apart(c, d)).length === 1;
    });
  });

  it('a member blocks someone known only by their interest as often as they like, and can still report them', async () => {
    const [a, b] = await pair(); // b has asked for no set: a is known to b only by a's interest
    await a.client.post('/interest', { userId: b.id });
    for (let i = 0; i < 2; i++) {
      const block = await b.client.post('/block', { userId: a.id });
      expect([block.status, block.body]).toEqual([201, { blocked: true }]);
    }
    expect((await b.client.post('/report', { userId: a.id, reason: 'harassment' })).status).toBe(201);
    // The block still works both ways: a cannot reach b.
    expect((await a.client.post('/interest', { userId: b.id })).status).toBe(404);
  });

  it("a password change closes the member's other sockets: the asking sign-in's stays and hears on", async () => {
    const [a, b] = await pair();
    const id = await connect(a, b);
    const asking = await listen(a);
    // Another device of the same member: a sign-in of its own.
    const otherDevice = await a.client.post('/login', { email: a.email, password: a.password });
    expect(otherDevice.status).toBe(200);
    const other = await listen(a, otherDevice.body.accessToken);
    const changed = await a.client.post('/password/change', {
      currentPassword: a.password,
      newPassword: 'a brand new passphrase',
    });
    expect(changed.status).toBe(201);
    await until('the other sign-in closed', () => !other.socket.connected);
    await b.client.post(`/connections/${id}/messages`, { text: 'Still there?' });
    await until('the message on the asking socket', () => asking.events.some((e) => e.name === 'message'));
    expect(asking.socket.connected).toBe(true);
    expect(other.events.filter((e) => e.name === 'message')).toEqual([]);

    // Logging out of the sign-in the change started ends the token it kept, and the socket opened with it.
    expect((await a.client.get('/logout')).status).toBe(200);
    await until("the kept token's socket closed", () => !asking.socket.connected);
  });

  it("logging out ends that sign-in's access tokens and sockets; the member's other sign-in goes on", async () => {
    const [a, b] = await pair();
    const id = await connect(a, b);
    const leaving = await listen(a);
    const otherDevice = await t.client().post('/login', { email: a.email, password: a.password });
    expect(otherDevice.status).toBe(200);
    const staying = await listen(a, otherDevice.body.accessToken);
    const leavingToken = a.client.accessToken;
    expect((await a.client.get('/logout')).status).toBe(200);

    await until('the signed-out socket closed', () => !leaving.socket.connected);
    expect((await t.client().get('/connections', { token: leavingToken })).status).toBe(401);
    const again = io(t.baseUrl, {
      path: '/api/socket.io',
      auth: { token: leavingToken },
      transports: ['websocket'],
      reconnection: false,
    });
    sockets.push(again);
    expect(await new Promise((resolve) => again.once('connect_error', (e) => resolve(e.message)))).toBe(
      'unauthorized',
    );
    const list = await t.client().get('/connections', { token: otherDevice.body.accessToken });
    expect(list.status).toBe(200);
    await b.client.post(`/connections/${id}/messages`, { text: 'Still there?' });
    await until('the message on the other sign-in', () => staying.events.some((e) => e.name === 'message'));
    expect(staying.socket.connected).toBe(true);
  });

  it("closes a suspended member's sockets and drops them from lists; the export has connections and sent messages", async () => {
    const [a, b] = await pair();
    const id = await connect(a, b);
    await a.client.post(`/connections/${id}/messages`, { text: 'For the export' });
    const exported = (await a.client.get('/account/export')).body;
    expect(exported.connections).toEqual([{ name: b.name, connectedAt: expect.any(String) }]);
    expect(exported.messages).toEqual([{ text: 'For the export', sentAt: expect.any(String), to: b.name }]);

    const aLive = await listen(a);
    const bLive = await listen(b);
    await t.app.get(CommandBus).execute(new SetAccountSuspensionCommand(b.email, true));
    await until('socket closed', () => !bLive.socket.connected);
    expect((await a.client.get('/connections')).body).toEqual([]);
    expect((await a.client.get(`/connections/${id}/messages`)).status).toBe(404);
    // The other member's open conversation hears that it ended, as for an unmatch.
    await until('ended', () => aLive.events.find((e) => e.name === 'ended'));
    expect(aLive.events.filter((e) => e.name === 'ended')).toEqual([
      { name: 'ended', data: { connectionId: id } },
    ]);

    // Lifted, the suspension gives the conversation back, and the other member hears it as a connection.
    await t.app.get(CommandBus).execute(new SetAccountSuspensionCommand(b.email, false));
    const back = await until('connection', () => aLive.events.find((e) => e.name === 'connection'));
    expect(back.data).toEqual({ id, userId: b.id, name: b.name, reopened: true });
    expect((await a.client.get('/connections')).body).toMatchObject([{ id, userId: b.id }]);
  });

  it('tells the members a deleted account talked with that their conversations ended', async () => {
    const [a, b] = await pair();
    const id = await connect(a, b);
    const aLive = await listen(a);
    expect((await b.client.request('DELETE', '/account', { json: { password: b.password } })).status).toBe(
      204,
    );
    await until('ended', () => aLive.events.find((e) => e.name === 'ended'));
    expect(aLive.events.filter((e) => e.name === 'ended')).toEqual([
      { name: 'ended', data: { connectionId: id } },
    ]);
    expect((await a.client.get('/connections')).body).toEqual([]);
  });

  it("closes a member's sockets when their account ended in a process without sockets (the gateway's recheck)", async () => {
    const [a, b] = await pair();
    const aLive = await listen(a);
    const bLive = await listen(b);
    // As the CLI on PostgreSQL does it: the account changes, and this gateway hears no event of it.
    await sql(`update app_user set suspended_at = now() where id = ?`, [b.id]);
    await t.app.get(ConnectionsGateway).dropEndedAccounts();
    await until('socket closed', () => !bLive.socket.connected);
    expect(aLive.socket.connected).toBe(true);
  });

  it('closes a socket once its access token expired; one opened with a fresh token stays', async () => {
    const [a, b] = await pair();
    const jwt = t.app.get(JwtService);
    const shortLived = await jwt.signAsync({ id: a.id, email: a.email, sv: 0 }, { expiresIn: 2 });
    const expiring = await listen(a, shortLived);
    const fresh = await listen(b);
    const gateway = t.app.get(ConnectionsGateway);
    gateway.dropExpiredSockets();
    expect(expiring.socket.connected).toBe(true);
    gateway.dropExpiredSockets(Date.now() + 3_000);
    await until('socket closed', () => !expiring.socket.connected);
    expect(fresh.socket.connected).toBe(true);
  });

  it('limits a member to 30 messages a minute; refused texts and retries are not messages', async () => {
    const [a, b] = await pair();
    const id = await connect(a, b);
    const send = (body: object) => a.client.post(`/connections/${id}/messages`, body);
    for (let i = 0; i < 5; i++) expect((await send({ text: '   ' })).status).toBe(400);
    expect((await send({ text: '  ' })).body.message).toBe('Write a message first');
    expect((await send({ text: 5 })).body.message).toBe('text must be a string');
    const clientId = randomUUID();
    const first = await send({ text: 'm0', clientId });
    for (let i = 0; i < 5; i++) expect((await send({ text: 'm0', clientId })).body).toEqual(first.body);
    const statuses: number[] = [];
    for (let i = 1; i < 31; i++) statuses.push((await send({ text: `m${i}` })).status);
    expect(statuses.slice(0, 29).every((status) => status === 201)).toBe(true);
    expect(statuses[29]).toBe(429);
    const refused = await send({ text: 'one more' });
    expect(refused.body.message).toBe('You are sending messages too fast. Please wait a moment.');
    // When the oldest of the minute's 30 is a minute old: within the minute, a whole second or more.
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    // Past the limit a retry still gets its message, never a second one.
    expect(await send({ text: 'm0', clientId })).toMatchObject({ status: 201, body: first.body });
    expect(await sql(`select 1 from message where connection_id = ?`, [id])).toHaveLength(30);
  });

  it("bounds one member's interest answers and read marks a minute: 429 with Retry-After, others unaffected", async () => {
    const [a, b] = await pair();
    const [c, d] = await pair();
    // Saying, answering and withdrawing share one budget: a's interest in b, sent 60 times at once, is 60.
    const answers = await Promise.all(
      Array.from({ length: INTEREST_PER_MINUTE }, () => a.client.post('/interest', { userId: b.id })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(INTEREST_PER_MINUTE).fill(201));
    const refused = await a.client.post('/interest/decline', { userId: b.id });
    expect(refused).toMatchObject({
      status: 429,
      body: { message: 'Too many requests. Please wait a moment and try again.' },
    });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect((await b.client.post('/interest', { userId: a.id })).body).toMatchObject({ mutual: true });

    const id = await connect(c, d);
    const message = (await c.client.post(`/connections/${id}/messages`, { text: 'hi' })).body.id as string;
    const read = (reader: Member) => reader.client.post(`/connections/${id}/read`, { messageId: message });
    const marks: number[] = [];
    for (let i = 0; i < READ_MARKS_PER_MINUTE; i += 50)
      marks.push(
        ...(await Promise.all(Array.from({ length: 50 }, () => read(d)))).map((mark) => mark.status),
      );
    expect(marks).toEqual(Array(READ_MARKS_PER_MINUTE).fill(204));
    const past = await read(d);
    expect(past.status).toBe(429);
    expect(Number(past.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect((await read(c)).status).toBe(204);
  });

  it('bounds the sessions one client opens without joining; a member from there still joins once some close', async () => {
    const [a] = await pair();
    const engine = `${t.baseUrl}/api/socket.io/?EIO=4&transport=polling`;
    /** An Engine.IO session opened and never joined: its id, or the refusal. */
    const handshake = async () => {
      const answer = await fetch(engine);
      const body = await answer.text();
      return answer.ok ? { sid: (JSON.parse(body.slice(1)) as { sid: string }).sid } : { refused: body };
    };
    const close = (sid: string) => fetch(`${engine}&sid=${sid}`, { method: 'POST', body: '1' });
    const opened: string[] = [];
    try {
      for (let i = 0; i < PENDING_HANDSHAKES_PER_CLIENT - 1; i += 50) {
        const batch = Math.min(50, PENDING_HANDSHAKES_PER_CLIENT - 1 - i);
        for (const session of await Promise.all(Array.from({ length: batch }, handshake)))
          opened.push(session.sid!);
      }
      // A member's socket joins at the last place; joined, it no longer counts.
      const live = await listen(a);
      const last = await handshake();
      expect(last.sid).toEqual(expect.any(String));
      opened.push(last.sid!);
      expect(await handshake()).toEqual({ refused: expect.stringContaining('too many connections') });
      await expect(listen(a)).rejects.toThrow();
      await Promise.all(opened.splice(0, 5).map(close));
      await until(
        'a place again',
        async () => (await handshake().then((s) => s.sid && opened.push(s.sid))) || undefined,
      );
      expect(live.socket.connected).toBe(true);
    } finally {
      await Promise.all(opened.map(close));
    }
    expect((await listen(a)).socket.connected).toBe(true);
  });

  it('tells the other member once: a repeated read or an interest withdrawn and sent again is no new event', async () => {
    const [a, b] = await pair();
    const bLive = await listen(b);
    for (let i = 0; i < 5; i++) {
      expect((await a.client.post('/interest', { userId: b.id })).status).toBe(201);
      expect((await a.client.request('DELETE', `/interest/${b.id}`)).status).toBe(204);
    }
    await a.client.post('/interest', { userId: b.id });
    await until('the interest event', () => bLive.events.some((e) => e.name === 'interest'));
    const id = (await b.client.post('/interest', { userId: a.id })).body.connectionId;
    const aLive = await listen(a);
    const sent = await b.client.post(`/connections/${id}/messages`, { text: 'Hi!' });
    for (let i = 0; i < 5; i++)
      expect((await a.client.post(`/connections/${id}/read`, { messageId: sent.body.id })).status).toBe(204);
    await until('the read event', () => bLive.events.some((e) => e.name === 'read'));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(bLive.events.filter((e) => e.name === 'interest')).toHaveLength(1);
    expect(bLive.events.filter((e) => e.name === 'read')).toHaveLength(1);
    // The reader's own tabs hear it once too (their unread counts drop).
    expect(aLive.events.filter((e) => e.name === 'read')).toEqual([
      { name: 'read', data: { connectionId: id, messageId: sent.body.id, readerId: a.id } },
    ]);
  });

  it('keeps the limit over any minute, not a fixed one: 30 in the last 60 s, however they fall', async () => {
    const [a, b] = await pair();
    const id = await connect(a, b);
    const send = (text: string) => a.client.post(`/connections/${id}/messages`, { text });
    for (let i = 0; i < 30; i++) expect((await send(`m${i}`)).status).toBe(201);
    // As if the first had gone 61 s ago and the other 29 only 30 s ago: one more fits, then none.
    await sql(
      `update message_pace set sent_at = array[now() - interval '61 seconds']
         || array_fill(now() - interval '30 seconds', array[29]) where sender_id = ?`,
      [a.id],
    );
    expect((await send('one more')).status).toBe(201);
    expect((await send('too many')).status).toBe(429);
  });

  it('takes a clientId as a retry only within its conversation', async () => {
    const [a, b] = await pair();
    const [, c] = await pair();
    const first = await connect(a, b);
    // A second conversation of a's, with someone a has not been matched with here.
    const second = randomUUID();
    await sql(
      `insert into connection (id, user_a, user_b) values (?, least(?::uuid, ?::uuid), greatest(?::uuid, ?::uuid))`,
      [second, a.id, c.id, a.id, c.id],
    );
    const clientId = randomUUID();
    const toB = await a.client.post(`/connections/${first}/messages`, { text: 'to b', clientId });
    const toC = await a.client.post(`/connections/${second}/messages`, { text: 'to c', clientId });
    expect(toC).toMatchObject({ status: 201, body: { text: 'to c' } });
    expect(toC.body.id).not.toBe(toB.body.id);
    expect(
      (await c.client.get(`/connections/${second}/messages`)).body.messages.map(
        (m: { text: string }) => m.text,
      ),
    ).toEqual(['to c']);
    expect((await a.client.post(`/connections/${second}/messages`, { text: 'to c', clientId })).body).toEqual(
      toC.body,
    );
  });

  it("counts a member's concurrent messages exactly", async () => {
    const [a, b] = await pair();
    const id = await connect(a, b);
    const statuses = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        a.client.post(`/connections/${id}/messages`, { text: `m${i}` }).then((r) => r.status),
      ),
    );
    expect(statuses.filter((status) => status === 201)).toHaveLength(30);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
    expect(await sql(`select 1 from message where sender_id = ?`, [a.id])).toHaveLength(30);
  });
});
