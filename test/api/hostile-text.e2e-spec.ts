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
