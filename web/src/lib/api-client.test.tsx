import { describe, expect, it } from 'vitest';
import { fakeJwt, json, mockFetch } from '@/test/http';
import { api, ApiError, refreshSession, whileLoggingOut } from './api-client';
import { authStore } from './auth-store';

const signedIn = { id: 'u1', email: 'ava@example.com', accessToken: 'old-token', verification: true };

describe('api client', () => {
  it('sends the bearer token and cookies', async () => {
    authStore.setAuth(signedIn);
    const { calls, fetchMock } = mockFetch(() => json(200, { ok: true }));

    await expect(api.get('/waitlist/u1')).resolves.toEqual({ ok: true });

    expect(calls[0]!.headers.get('Authorization')).toBe('Bearer old-token');
    expect(fetchMock.mock.calls[0]![1]).toMatchObject({ credentials: 'include' });
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/waitlist/u1');
  });

  it('after a 401 refreshes once and retries once with the new token', async () => {
    authStore.setAuth(signedIn);
    const newToken = fakeJwt({ id: 'u1', email: 'ava@example.com' });
    const { calls } = mockFetch(({ path, headers }) => {
      if (path === '/refresh') return json(200, { accessToken: newToken, verification: true });
      return headers.get('Authorization') === `Bearer ${newToken}`
        ? json(200, { position: 3 })
        : json(401, { statusCode: 401, error: 'Unauthorized', message: 'expired' });
    });

    await expect(api.get('/waitlist/u1')).resolves.toEqual({ position: 3 });

    expect(calls.map((c) => c.path)).toEqual(['/waitlist/u1', '/refresh', '/waitlist/u1']);
    expect(authStore.getState().auth).toEqual({ ...signedIn, accessToken: newToken });
  });

  it('retries a 403 as well, but only once', async () => {
    authStore.setAuth(signedIn);
    const newToken = fakeJwt({ id: 'u1', email: 'ava@example.com' });
    const { calls } = mockFetch(({ path }) =>
      path === '/refresh'
        ? json(200, { accessToken: newToken, verification: true })
        : json(403, { statusCode: 403, error: 'Forbidden', message: 'Not your resource' }),
    );

    await expect(api.post('/user/setProfile', { id: 'u2' })).rejects.toMatchObject({
      status: 403,
      error: 'Forbidden',
      message: 'Not your resource',
    });
    expect(calls.map((c) => c.path)).toEqual(['/user/setProfile', '/refresh', '/user/setProfile']);
  });

  it('never retries a wrong password: a second try would count twice towards the lockout', async () => {
    authStore.setAuth(signedIn);
    const { calls } = mockFetch(() =>
      json(403, { statusCode: 403, error: 'wrong password', message: 'Your password is incorrect' }),
    );

    await expect(
      api.post('/account/password', { currentPassword: 'nope', newPassword: 'long enough' }),
    ).rejects.toMatchObject({ status: 403, message: 'Your password is incorrect' });
    expect(calls.map((c) => c.path)).toEqual(['/account/password']);
    expect(authStore.getState().auth).toEqual(signedIn);
  });

  it('gives up with the original error and signs out when the refresh is refused', async () => {
    authStore.setAuth(signedIn);
    const { calls } = mockFetch(({ path }) =>
      path === '/refresh'
        ? json(401, { statusCode: 401, error: 'no-session', message: 'Your session has expired.' })
        : json(401, { statusCode: 401, error: 'Unauthorized', message: 'expired' }),
    );

    const error = await api.get('/waitlist/u1').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, message: 'expired' });
    expect(calls).toHaveLength(2);
    expect(authStore.getState().auth).toBeNull();
  });

  it('never retries public calls such as login', async () => {
    const { calls } = mockFetch(() =>
      json(401, { statusCode: 401, error: 'wrong-credentials', message: 'Email or password is incorrect' }),
    );

    await expect(api.post('/login', { email: 'a', password: 'b' }, { public: true })).rejects.toMatchObject({
      status: 401,
    });
    expect(calls.map((c) => c.path)).toEqual(['/login']);
    expect(calls[0]!.headers.get('Authorization')).toBeNull();
  });

  it('shares one refresh between concurrent callers (the server rotates the cookie)', async () => {
    const token = fakeJwt({ id: 'u1', email: 'ava@example.com' });
    const { calls } = mockFetch(() => json(200, { accessToken: token, verification: false }));

    const [first, second] = await Promise.all([refreshSession(), refreshSession()]);

    expect(calls).toHaveLength(1);
    expect(first).toEqual({ id: 'u1', email: 'ava@example.com', accessToken: token, verification: false });
    expect(second).toBe(first);
  });

  it('sends a refresh asked during a logout only after the logout answered', async () => {
    let answerLogout!: () => void;
    const { calls } = mockFetch(({ path }) =>
      path === '/logout'
        ? new Promise((resolve) => (answerLogout = () => resolve(json(200, {}))))
        : json(401, { statusCode: 401, error: 'no-session', message: 'Your session has expired.' }),
    );

    const logout = whileLoggingOut(() => api.get('/logout', { public: true }));
    const refresh = refreshSession().catch((error: unknown) => error);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(calls.map((c) => c.path)).toEqual(['/logout']);

    answerLogout();
    await logout;
    expect(await refresh).toMatchObject({ status: 401 });
    expect(calls.map((c) => c.path)).toEqual(['/logout', '/refresh']);
  });

  it('rejects a refresh answer without an access token', async () => {
    mockFetch(() => json(200, { verification: true }));
    await expect(refreshSession()).rejects.toThrow('No access token returned from /refresh');
  });

  it('reports status 0 when the server does not answer', async () => {
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(api.get('/health')).rejects.toMatchObject({ status: 0, message: 'No server response' });
  });

  it('passes AbortSignal through and lets the abort surface', async () => {
    authStore.setAuth(signedIn);
    const controller = new AbortController();
    const { fetchMock } = mockFetch(() => {
      controller.abort();
      return Promise.reject(new DOMException('Aborted', 'AbortError'));
    });

    await expect(api.get('/waitlist/u1', { signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(fetchMock.mock.calls[0]![1]).toMatchObject({ signal: controller.signal });
  });

  it('returns blobs with their content type', async () => {
    authStore.setAuth(signedIn);
    mockFetch(
      () =>
        new Response(new Uint8Array([1, 2, 3]), { status: 200, headers: { 'Content-Type': 'image/webp' } }),
    );

    const { blob, contentType } = await api.getBlob('/image/fetch/u1');

    expect(contentType).toBe('image/webp');
    expect(blob.size).toBe(3);
  });

  it('passes a cache mode through to fetch only when asked', async () => {
    authStore.setAuth(signedIn);
    const { fetchMock } = mockFetch(() => new Response(new Uint8Array([1]), { status: 200 }));

    await api.getBlob('/image/fetch/u1', { cache: 'no-cache' });
    await api.getBlob('/image/fetch/u1');

    expect(fetchMock.mock.calls[0]![1]).toMatchObject({ cache: 'no-cache' });
    expect(fetchMock.mock.calls[1]![1]).not.toHaveProperty('cache');
  });
});
