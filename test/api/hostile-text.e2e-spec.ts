import { startTestApp, type TestApp } from '../support/test-app.js';

/** Text and JSON shapes a hostile client sends: refused with 400 and a clear message, never a 500. */
describe('hostile text and JSON', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const post = (path: string, body: string) =>
    fetch(`${t.baseUrl}/api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });

  it.each([
    ['NUL', 'Ann\u0000a'],
    ['an escape sequence', 'Ann \u001b[2J'],
    ['a bidi override', 'Ann \u202egnp.exe'],
    ['a C1 control', 'Ann\u0085'],
    ['an interlinear annotation', 'Ann\ufff9hidden\ufffa'],
    ['hidden tag characters', 'Ann\u{E0069}\u{E0067}\u{E006E}'],
  ])('refuses %s in any text field with 400', async (_what, name) => {
    const email = `ctl${Math.random().toString(36).slice(2)}@example.com`;
    const response = await post('/register', JSON.stringify({ name, email, password: 'password 123' }));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'Text must not contain control characters',
    });
    const login = await post('/login', JSON.stringify({ email, password: 'password 123' }));
    expect(login.status).toBe(401);
  });

  it.each([
    ['a line break', 'Eve\r\nBcc: evil@attacker.example'],
    ['a tab', 'Eve\tAdams'],
    ['a line separator', 'Eve\u2028Adams'],
    ['a paragraph separator', 'Eve\u2029Adams'],
  ])('refuses %s in a one-line text (a name) with 400', async (_what, name) => {
    const email = `line${Math.random().toString(36).slice(2)}@example.com`;
    const response = await post('/register', JSON.stringify({ name, email, password: 'password 123' }));
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toBe(
      'Text must not contain control characters',
    );
  });

  it('refuses half a character (a lone surrogate) in any text with 400, never a 500', async () => {
    const person = await t.signUp();
    const email = `half${Math.random().toString(36).slice(2)}@example.com`;
    const answers = [
      await post('/register', JSON.stringify({ name: 'Bob\udc00', email, password: 'password 123' })),
      await post('/password/forgot', JSON.stringify({ email: 'a\ud800@example.org' })),
      await fetch(`${t.baseUrl}/api/user/setProfile`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${person.client.accessToken}` },
        body: JSON.stringify({ id: person.id, bio: 'hi\ud800' }),
      }),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(400);
      expect(((await answer.json()) as { message: string }).message).toBe('Text must be valid Unicode');
    }
    // A whole pair (an emoji) is a character like any other.
    const emoji = await post(
      '/register',
      JSON.stringify({ name: 'Bob 😀', email, password: 'password 123' }),
    );
    expect(emoji.status).toBe(201);
  });

  it("takes the flags made with tag characters (England's), and refuses a name of marks alone", async () => {
    const england = '\u{1F3F4}\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}';
    const flagged = await post(
      '/register',
      JSON.stringify({
        name: `Ann ${england}`,
        email: `flag${Date.now()}@example.com`,
        password: 'password 123',
      }),
    );
    expect(flagged.status).toBe(201);
    // A black flag followed by other tags hides text ("ignore" here): refused.
    const hiding = '\u{1F3F4}\u{E0069}\u{E0067}\u{E006E}\u{E006F}\u{E0072}\u{E0065}\u{E007F}';
    const hidden = await post(
      '/register',
      JSON.stringify({
        name: `Ann ${hiding}`,
        email: `hide${Date.now()}@example.com`,
        password: 'password 123',
      }),
    );
    expect(hidden.status).toBe(400);
    // A password is never shown: these rules leave it alone, so one chosen before them still signs in.
    const email = `annotated${Date.now()}@example.com`;
    const password = 'pass\ufff9word\u{E0041}123';
    expect((await post('/register', JSON.stringify({ name: 'Ann', email, password }))).status).toBe(201);
    expect((await post('/login', JSON.stringify({ email, password }))).status).toBe(200);
    for (const name of ['\ufe0f\ufe0f', '\u0301\u0301']) {
      const marks = await post(
        '/register',
        JSON.stringify({
          name,
          email: `marks${Math.random().toString(36).slice(2)}@example.com`,
          password: 'password 123',
        }),
      );
      expect(marks.status).toBe(400);
      expect(((await marks.json()) as { message: string }).message).toBe('Name required');
    }
  });

  it('refuses a name with nothing to see (zero-width spaces only)', async () => {
    const email = `blank${Math.random().toString(36).slice(2)}@example.com`;
    const response = await post(
      '/register',
      JSON.stringify({ name: '\u200b\u200b', email, password: 'password 123' }),
    );
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toBe('Name required');
  });

  it('takes an address one way whatever form its letters were typed in, and trims it for a reset', async () => {
    const local = `zo\u00eb${Math.random().toString(36).slice(2)}`;
    const composed = `${local}@example.org`;
    const decomposed = composed.normalize('NFD');
    expect(decomposed).not.toBe(composed);
    const first = await post(
      '/register',
      JSON.stringify({ name: 'Zoe', email: composed, password: 'password 123' }),
    );
    expect(first.status).toBe(201);
    const second = await post(
      '/register',
      JSON.stringify({ name: 'Zoe', email: decomposed, password: 'password 123' }),
    );
    expect(second.status).toBe(409);
    const login = await post('/login', JSON.stringify({ email: decomposed, password: 'password 123' }));
    expect(login.status).toBe(200);
    const reset = await post('/password/forgot', JSON.stringify({ email: `  ${composed} ` }));
    expect(reset.status).toBe(202);
  });

  it('keeps line breaks and tabs, which bios use', async () => {
    const person = await t.signUp();
    const saved = await person.client.post('/user/setProfile', {
      id: person.id,
      city: 'Austin',
      state: 'TX',
      age: 30,
      gender: 'female',
      preferredSex: 'male',
      education: 'Art',
      jobTitle: 'Painter',
      bio: 'Line one\nLine two\twith a tab',
    });
    expect(saved.status).toBeLessThan(300);
  });

  it('refuses JSON nested thousands deep with 400 instead of overflowing the validator', async () => {
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    const response = await post('/login', `{"email":"a@b.co","password":${deep}}`);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toBe('JSON nested too deeply');
    // Brackets inside strings are text, not nesting.
    const brackets = await post('/login', JSON.stringify({ email: 'a@b.co', password: '['.repeat(100) }));
    expect(brackets.status).toBe(401);
  });

  it('refuses a body of thousands of fields with 400 before parsing or validating it', async () => {
    const person = await t.signUp();
    const fields = Object.fromEntries(Array.from({ length: 12_000 }, (_, i) => [i.toString(36), 1]));
    const response = await fetch(`${t.baseUrl}/api/block`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${person.client.accessToken}` },
      body: JSON.stringify({ userId: person.id, ...fields }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'JSON has too many values',
    });
    // Commas and colons inside strings are text: a string of them is one value, refused only for what it says.
    const oneValue = await person.client.post('/block', { userId: ',:'.repeat(900) });
    expect(oneValue.status).toBe(400);
    expect(oneValue.body.message).not.toBe('JSON has too many values');
  });

  it('names the first broken rule: a missing name is "Name required"', async () => {
    const response = await post(
      '/register',
      JSON.stringify({ email: 'noname@example.com', password: 'password 123' }),
    );
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toBe('Name required');
    const long = await post(
      '/register',
      JSON.stringify({ name: 'x'.repeat(101), email: 'long@example.com', password: 'password 123' }),
    );
    expect(((await long.json()) as { message: string }).message).toBe('Name must be at most 100 characters');
  });
});

describe('work one account can make the server do', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  /** A GIF of `frames` 1×1 frames: tiny in bytes, one decode and encode per frame. */
  function manyFrameGif(frames: number): Buffer {
    const parts = [
      Buffer.from('GIF89a', 'latin1'),
      Buffer.from([1, 0, 1, 0, 0x80, 0, 0, 0, 0, 0, 255, 255, 255]),
      Buffer.from([0x21, 0xff, 0x0b]),
      Buffer.from('NETSCAPE2.0', 'latin1'),
      Buffer.from([3, 1, 0, 0, 0]),
    ];
    for (let i = 0; i < frames; i++) {
      parts.push(
        Buffer.from([0x21, 0xf9, 4, 0, 1, 0, 0, 0, 0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x44, 1, 0]),
      );
    }
    parts.push(Buffer.from([0x3b]));
    return Buffer.concat(parts);
  }

  const upload = (
    person: { client: import('../support/api-client.js').ApiClient; id: string },
    bytes: Buffer,
  ) => {
    const form = new FormData();
    form.set('id', person.id);
    form.set('avatar', new Blob([new Uint8Array(bytes)], { type: 'image/gif' }), 'a.gif');
    return person.client.request('POST', '/image/upload', { body: form });
  };

  it('refuses an animation of thousands of frames before decoding it, and takes a short one', async () => {
    const person = await t.signUp();
    const many = await upload(person, manyFrameGif(5000));
    expect(many.status).toBe(413);
    expect(many.body.message).toBe('Animated images can have at most 100 frames');
    expect((await upload(person, manyFrameGif(10))).status).toBe(201);
  });

  it('limits photo uploads per account (429), without touching other accounts', async () => {
    const [busy, other] = [await t.signUp(), await t.signUp()];
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await upload(busy, manyFrameGif(1))).status);
    expect(statuses.slice(0, 20).every((status) => status === 201)).toBe(true);
    expect(statuses[20]).toBe(429);
    expect((await upload(other, manyFrameGif(1))).status).toBe(201);
  });
});
