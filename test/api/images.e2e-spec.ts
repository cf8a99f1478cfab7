import { jest } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { startTestApp, type TestApp } from '../support/test-app.js';
import type { ApiClient } from '../support/api-client.js';
import { recordMatchShown } from '../fixtures/database.js';
import { animatedGif, exifHasGps, image, jpegWithGpsExif, SVG, TEXT } from '../fixtures/images.js';

// The api project's testTimeout in jest.config.js is a global-only option, so it does not apply: set it here.
jest.setTimeout(120_000);

function upload(
  client: ApiClient,
  id: string | undefined,
  file?: { bytes: Buffer; type: string; name: string },
) {
  const form = new FormData();
  if (id !== undefined) form.append('id', id);
  if (file) form.append('avatar', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  return client.request('POST', '/image/upload', { body: form });
}

const png = async (width = 64, height = 48) => ({
  bytes: await image('png', width, height),
  type: 'image/png',
  name: 'me.png',
});

describe('images API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it.each([
    ['png', 'image/png', 'image/webp', 'webp'],
    ['jpeg', 'image/jpeg', 'image/jpeg', 'jpeg'],
    ['webp', 'image/webp', 'image/webp', 'webp'],
    ['gif', 'image/gif', 'image/gif', 'gif'],
  ] as const)(
    'takes a %s upload and serves it re-encoded as %s → %s',
    async (format, label, served, servedFormat) => {
      const { client, id } = await t.signUp();
      const uploaded = await upload(client, id, {
        bytes: await image(format, 64, 48),
        type: label,
        name: `me.${format}`,
      });
      expect(uploaded.status).toBe(201);
      expect(uploaded.body).toEqual({ imageUrl: `/api/image/fetch/${id}` });

      const fetched = await client.get(`/image/fetch/${id}`);
      expect(fetched.status).toBe(200);
      expect(fetched.headers.get('content-type')).toBe(served);
      expect(await sharp(fetched.body as Buffer).metadata()).toMatchObject({
        format: servedFormat,
        width: 64,
        height: 48,
      });
    },
  );

  it('keeps an animated GIF animated', async () => {
    const { client, id } = await t.signUp();
    expect(
      (await upload(client, id, { bytes: await animatedGif(4), type: 'image/gif', name: 'wave.gif' })).status,
    ).toBe(201);
    const fetched = await client.get(`/image/fetch/${id}`);
    expect(await sharp(fetched.body as Buffer, { animated: true }).metadata()).toMatchObject({
      format: 'gif',
      pages: 4,
    });
  });

  it('shows the photo in the profile once there is one', async () => {
    const { client, id } = await t.signUp();
    const profile = {
      id,
      city: 'Austin',
      state: 'TX',
      age: 30,
      gender: 'male',
      preferredSex: 'female',
      education: '',
      jobTitle: '',
      bio: '',
    };
    expect((await client.post('/user/setProfile', profile)).body.imageUrl).toBeNull();
    await upload(client, id, await png());
    expect((await client.get(`/user/getProfile/${id}`)).body.imageUrl).toBe(`/api/image/fetch/${id}`);
  });

  it('strips EXIF (and its GPS position) after applying the orientation', async () => {
    const { client, id } = await t.signUp();
    const bytes = await jpegWithGpsExif();
    const original = await sharp(bytes).metadata();
    expect(exifHasGps(original.exif)).toBe(true);
    expect(original).toMatchObject({ orientation: 6, width: 120, height: 80 });

    expect((await upload(client, id, { bytes, type: 'image/jpeg', name: 'holiday.jpg' })).status).toBe(201);
    const served = (await client.get(`/image/fetch/${id}`)).body as Buffer;
    const metadata = await sharp(served).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(exifHasGps(metadata.exif)).toBe(false);
    expect(metadata.orientation).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(metadata).toMatchObject({ width: 80, height: 120 });
    expect(served.includes(Buffer.from('FixtureCam'))).toBe(false);
  });

  it('scales a 3000 px image down to at most 1920 px', async () => {
    const { client, id } = await t.signUp();
    expect(
      (
        await upload(client, id, {
          bytes: await image('jpeg', 3000, 2000),
          type: 'image/jpeg',
          name: 'big.jpg',
        })
      ).status,
    ).toBe(201);
    const metadata = await sharp((await client.get(`/image/fetch/${id}`)).body as Buffer).metadata();
    expect(metadata).toMatchObject({ width: 1920, height: 1280 });
  });

  it('refuses what is not an allowed image, whatever its label, with 415 and keeps the old photo', async () => {
    const { client, id } = await t.signUp();
    await upload(client, id, await png());
    const before = await client.get(`/image/fetch/${id}`);

    for (const bytes of [TEXT, SVG]) {
      const refused = await upload(client, id, { bytes, type: 'image/png', name: 'photo.png' });
      expect(refused.status).toBe(415);
      expect(refused.body).toEqual({
        statusCode: 415,
        error: 'unsupported-file-type',
        message: 'Unsupported file type',
      });
    }
    const tiff = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#00f' } })
      .tiff()
      .toBuffer();
    expect((await upload(client, id, { bytes: tiff, type: 'image/jpeg', name: 'scan.jpg' })).status).toBe(
      415,
    );

    const after = await client.get(`/image/fetch/${id}`);
    expect(after.headers.get('etag')).toBe(before.headers.get('etag'));
  });

  it('refuses an upload over 5 MB with a 413 JSON error', async () => {
    const { client, id } = await t.signUp();
    const bytes = Buffer.concat([await image('jpeg'), randomBytes(6 * 1024 * 1024)]);
    const refused = await upload(client, id, { bytes, type: 'image/jpeg', name: 'huge.jpg' });
    expect(refused.status).toBe(413);
    expect(refused.body).toEqual({
      statusCode: 413,
      error: 'image-too-large',
      message: 'Images must be 5 MB or smaller',
    });
    expect((await client.get(`/image/fetch/${id}`)).status).toBe(404);
  });

  it('answers 400 when the file or the id is missing', async () => {
    const { client, id } = await t.signUp();
    const noFile = await upload(client, id);
    expect(noFile.status).toBe(400);
    expect(noFile.body).toMatchObject({ statusCode: 400, message: 'Choose an image to upload' });
    expect((await upload(client, undefined, await png())).body).toMatchObject({
      statusCode: 400,
      message: 'Invalid user id',
    });
    const json = await client.post('/image/upload', { id });
    expect(json.status).toBe(400);
  });

  it('serves ETag and private caching, and answers 304 to a matching If-None-Match', async () => {
    const { client, id } = await t.signUp();
    await upload(client, id, await png());
    const first = await client.get(`/image/fetch/${id}`);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    expect(first.headers.get('cache-control')).toBe('private, max-age=300');

    const cached = await client.get(`/image/fetch/${id}`, { headers: { 'if-none-match': etag } });
    expect(cached.status).toBe(304);
    expect(cached.headers.get('etag')).toBe(etag);
    expect(
      (await client.get(`/image/fetch/${id}`, { headers: { 'if-none-match': `"x", W/${etag}` } })).status,
    ).toBe(304);
    expect((await client.get(`/image/fetch/${id}`, { headers: { 'if-none-match': '"stale"' } })).status).toBe(
      200,
    );

    await upload(client, id, await png(80, 60));
    const replaced = await client.get(`/image/fetch/${id}`, { headers: { 'if-none-match': etag } });
    expect(replaced.status).toBe(200);
    expect(replaced.headers.get('etag')).not.toBe(etag);
    expect(await sharp(replaced.body as Buffer).metadata()).toMatchObject({ width: 80, height: 60 });
  });

  it('answers 404 with "No image" when the user has no photo', async () => {
    const { client, id } = await t.signUp();
    const missing = await client.get(`/image/fetch/${id}`);
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ statusCode: 404, message: 'No image' });
  });

  it('needs a session: 401 without a token', async () => {
    const { id } = await t.signUp();
    const anonymous = t.client();
    expect((await upload(anonymous, id, await png())).status).toBe(401);
    expect((await anonymous.get(`/image/fetch/${id}`)).status).toBe(401);
  });

  it("refuses to set another user's photo (403)", async () => {
    const owner = await t.signUp();
    const intruder = await t.signUp();
    const refused = await upload(intruder.client, owner.id, await png());
    expect(refused.status).toBe(403);
    expect((await owner.client.get(`/image/fetch/${owner.id}`)).status).toBe(404);
  });

  it('shows a photo to its owner and to whoever was shown the owner as a match, to nobody else', async () => {
    const owner = await t.signUp();
    const match = await t.signUp();
    const stranger = await t.signUp();
    await upload(owner.client, owner.id, await png());

    expect((await match.client.get(`/image/fetch/${owner.id}`)).status).toBe(403);
    await recordMatchShown(t, match.id, owner.id);
    const seen = await match.client.get(`/image/fetch/${owner.id}`);
    expect(seen.status).toBe(200);
    expect(seen.headers.get('content-type')).toBe('image/webp');
    expect((await stranger.client.get(`/image/fetch/${owner.id}`)).status).toBe(403);
    expect((await stranger.client.get('/image/fetch/not-a-uuid')).body).toMatchObject({
      statusCode: 400,
      message: 'Invalid user id',
    });
  });
});
