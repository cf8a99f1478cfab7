import { jest } from '@jest/globals';
import { startTestApp, type TestApp } from '../support/test-app.js';
import type { ApiClient } from '../support/api-client.js';
import { recordMatchShown, sql } from '../fixtures/database.js';

// The api project's testTimeout in jest.config.js is a global-only option, so it does not apply: set it here.
jest.setTimeout(120_000);

const LOCATION = 'Please use “City, ST” (e.g., Austin, TX).';

function profileOf(id: string, overrides: Record<string, unknown> = {}) {
  return {
    id,
    city: 'Austin',
    state: 'TX',
    age: 27,
    gender: 'female',
    preferredSex: 'male',
    education: 'BSc Computer Science',
    jobTitle: '@avery.codes',
    bio: 'Love is choosing each other every day.',
    ...overrides,
  };
}

async function profileUpdatedEvents(t: TestApp, userId: string): Promise<Array<{ payload: unknown }>> {
  return sql(t, `select payload from outbox_message where type = 'ProfileUpdated' and aggregate_id = ?`, [
    userId,
  ]);
}

describe('profiles API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('saves a profile, reads it back, replaces it, and records ProfileUpdated each time', async () => {
    const { client, id } = await t.signUp({ name: 'Avery Jones' });

    const before = await client.get(`/user/getProfile/${id}`);
    expect(before.status).toBe(404);
    expect(before.body).toEqual({
      statusCode: 404,
      error: 'no profile',
      message: "You haven't filled out your profile yet!",
    });

    const saved = await client.post('/user/setProfile', profileOf(id, { city: '  Austin ' }));
    expect(saved.status).toBe(200);
    const expected = { ...profileOf(id), name: 'Avery Jones', imageUrl: null };
    expect(saved.body).toEqual(expected);
    expect((await client.get(`/user/getProfile/${id}`)).body).toEqual(expected);

    const changed = profileOf(id, {
      city: 'New York',
      state: 'NY',
      age: 31,
      gender: 'male',
      preferredSex: 'female',
      bio: '',
    });
    expect((await client.post('/user/setProfile', changed)).body).toEqual({
      ...changed,
      name: 'Avery Jones',
      imageUrl: null,
    });
    expect((await client.get(`/user/getProfile/${id}`)).body).toMatchObject({
      city: 'New York',
      age: 31,
      bio: '',
    });

    const events = await profileUpdatedEvents(t, id);
    expect(events).toHaveLength(2);
    // The payload carries what matching's read model needs (sexes and bio), in the order they were saved.
    expect(events.map((event) => event.payload)).toEqual([
      { userId: id, gender: 'female', preferredSex: 'male', bio: profileOf(id).bio },
      { userId: id, gender: 'male', preferredSex: 'female', bio: '' },
    ]);
    const rows = await sql(
      t,
      `select state, gender, preferred_sex, job_title from profile where user_id = ?`,
      [id],
    );
    expect(rows).toEqual([
      { state: 'NY', gender: 'male', preferred_sex: 'female', job_title: '@avery.codes' },
    ]);
  });

  it('accepts education, Instagram profile and bio left empty', async () => {
    const { client, id } = await t.signUp();
    const saved = await client.post(
      '/user/setProfile',
      profileOf(id, { education: '', jobTitle: '', bio: '' }),
    );
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ education: '', jobTitle: '', bio: '' });
  });

  describe('validation', () => {
    let client: ApiClient;
    let id: string;
    beforeAll(async () => {
      ({ client, id } = await t.signUp());
      expect((await client.post('/user/setProfile', profileOf(id))).status).toBe(200);
    });

    it.each([
      ['an empty city', { city: '' }, LOCATION],
      ['a city with a comma', { city: 'Austin, TX' }, LOCATION],
      ['a city of invisible characters only', { city: '\u200b\u200b' }, LOCATION],
      ['a city longer than 80 characters', { city: 'A'.repeat(81) }, LOCATION],
      ['a state that is not two capital letters', { state: 'tx' }, LOCATION],
      ['a three-letter state', { state: 'TEX' }, LOCATION],
      ['an age under 18', { age: 17 }, 'Age must be a whole number from 18 to 120'],
      ['an age over 120', { age: 121 }, 'Age must be a whole number from 18 to 120'],
      ['a fractional age', { age: 30.5 }, 'Age must be a whole number from 18 to 120'],
      ['an age that is not a number', { age: 'old' }, 'Age must be a whole number from 18 to 120'],
      ['a gender other than male or female', { gender: 'robot' }, 'Gender must be male or female'],
      ['a missing gender', { gender: undefined }, 'Gender must be male or female'],
      [
        'a preferred sex other than male or female',
        { preferredSex: '' },
        'Preferred sex must be male or female',
      ],
      [
        'a Major/Degree over 120 characters',
        { education: 'e'.repeat(121) },
        'Major/Degree must be at most 120 characters',
      ],
      [
        'an Instagram profile over 120 characters',
        { jobTitle: 'j'.repeat(121) },
        'Instagram profile must be at most 120 characters',
      ],
      [
        'a bio over 300 characters',
        { bio: 'b'.repeat(301) },
        'Your answer about love must be at most 300 characters',
      ],
      ['an id that is not a UUID', { id: 'not-a-uuid' }, 'Invalid user id'],
    ])('refuses %s with 400 and writes nothing', async (_name, change, message) => {
      const eventsBefore = (await profileUpdatedEvents(t, id)).length;
      const response = await client.post('/user/setProfile', { ...profileOf(id), ...change });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ statusCode: 400, error: 'Bad Request', message });
      expect((await client.get(`/user/getProfile/${id}`)).body).toMatchObject(profileOf(id));
      expect(await profileUpdatedEvents(t, id)).toHaveLength(eventsBefore);
    });

    it('refuses a field the form does not have', async () => {
      const response = await client.post('/user/setProfile', { ...profileOf(id), isAdmin: true });
      expect(response.status).toBe(400);
    });

    it('refuses a profile id that is not a UUID in the path', async () => {
      const response = await client.get('/user/getProfile/1%20or%201=1');
      expect(response.body).toEqual({ statusCode: 400, error: 'Bad Request', message: 'Invalid user id' });
    });
  });

  it('needs a session: 401 without a token', async () => {
    const { id } = await t.signUp();
    const anonymous = t.client();
    expect((await anonymous.post('/user/setProfile', profileOf(id))).status).toBe(401);
    expect((await anonymous.get(`/user/getProfile/${id}`)).status).toBe(401);
    expect((await anonymous.get(`/user/getProfile/${id}`, { token: 'not.a.jwt' })).status).toBe(401);
  });

  it('takes an id in any letter case as the same id: your own stays yours, and another stays theirs', async () => {
    const owner = await t.signUp();
    const intruder = await t.signUp();
    const upper = owner.id.toUpperCase();
    expect((await owner.client.post('/user/setProfile', profileOf(upper))).status).toBe(200);
    expect((await owner.client.get(`/user/getProfile/${upper}`)).body.bio).toBe(profileOf(owner.id).bio);
    expect((await owner.client.get(`/waitlist/${upper}`)).status).toBe(200);
    expect((await intruder.client.post('/user/setProfile', profileOf(upper, { bio: 'hacked' }))).status).toBe(
      403,
    );
    expect((await intruder.client.get(`/waitlist/${upper}`)).status).toBe(403);
  });

  it("refuses to write another user's profile (403) and leaves it untouched", async () => {
    const owner = await t.signUp();
    const intruder = await t.signUp();
    await owner.client.post('/user/setProfile', profileOf(owner.id));
    const response = await intruder.client.post('/user/setProfile', profileOf(owner.id, { bio: 'hacked' }));
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ statusCode: 403 });
    expect((await owner.client.get(`/user/getProfile/${owner.id}`)).body.bio).toBe(profileOf(owner.id).bio);
  });

  it('shows a profile to its owner and to whoever was shown the owner as a match, to nobody else', async () => {
    const owner = await t.signUp({ name: 'Owner' });
    const match = await t.signUp({ name: 'Shown the owner' });
    const stranger = await t.signUp({ name: 'Stranger' });
    await owner.client.post('/user/setProfile', profileOf(owner.id));
    await match.client.post(
      '/user/setProfile',
      profileOf(match.id, { gender: 'male', preferredSex: 'female' }),
    );

    expect((await match.client.get(`/user/getProfile/${owner.id}`)).status).toBe(403);
    await recordMatchShown(t, match.id, owner.id);

    const seen = await match.client.get(`/user/getProfile/${owner.id}`);
    expect(seen.status).toBe(200);
    expect(seen.body).toEqual({ ...profileOf(owner.id), name: 'Owner', imageUrl: null });
    // Being shown someone does not open your own profile to them, nor anyone's to a stranger.
    expect((await owner.client.get(`/user/getProfile/${match.id}`)).status).toBe(403);
    const refused = await stranger.client.get(`/user/getProfile/${owner.id}`);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ statusCode: 403, error: 'Forbidden' });
    // A stranger cannot even learn whether a profile exists.
    expect((await stranger.client.get(`/user/getProfile/${match.id}`)).status).toBe(403);
    expect((await stranger.client.get('/user/getProfile/00000000-0000-4000-8000-000000000000')).status).toBe(
      403,
    );
  });

  it('answers reads that arrive together each by its own rule, and a block or a suspension counts at once', async () => {
    // Concurrent reads of accounts, profiles, photos and blocks share statements (BatchedRead).
    const owner = await t.signUp({ name: 'Owner' });
    const other = await t.signUp({ name: 'Other' });
    const match = await t.signUp({ name: 'Shown the owner' });
    const stranger = await t.signUp({ name: 'Stranger' });
    await owner.client.post('/user/setProfile', profileOf(owner.id));
    await other.client.post('/user/setProfile', profileOf(other.id, { city: 'Boston', state: 'MA' }));
    await recordMatchShown(t, match.id, owner.id);

    const together = () =>
      Promise.all([
        owner.client.get(`/user/getProfile/${owner.id}`),
        other.client.get(`/user/getProfile/${other.id}`),
        match.client.get(`/user/getProfile/${owner.id}`),
        stranger.client.get(`/user/getProfile/${owner.id}`),
      ]);
    const [own, others, shown, refused] = await together();
    expect(own.body).toEqual({ ...profileOf(owner.id), name: 'Owner', imageUrl: null });
    expect(others.body).toEqual({
      ...profileOf(other.id, { city: 'Boston', state: 'MA' }),
      name: 'Other',
      imageUrl: null,
    });
    expect(shown.body).toEqual(own.body);
    expect(refused.status).toBe(403);

    // The match, who was shown the owner, blocks them: a block works both ways.
    expect((await match.client.post('/block', { userId: owner.id })).status).toBe(201);
    await sql(t, 'update app_user set suspended_at = now() where id = ?', [other.id]);
    const [ownAfter, suspended, blocked] = await together();
    expect(ownAfter.status).toBe(200);
    expect(suspended.status).toBe(401);
    expect(blocked.status).toBe(404);
  });
});
