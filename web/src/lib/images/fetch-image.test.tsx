import { describe, expect, it } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { mockFetch } from '@/test/http';
import { fetchImage } from './fetch-image';

describe('fetchImage', () => {
  it('revalidates the cached photo, since a new upload keeps the same URL', async () => {
    authStore.setAuth({ id: 'u1', email: 'ava@example.com', accessToken: 'token-1', verification: true });
    const { calls, fetchMock } = mockFetch(
      () => new Response(new Uint8Array([1, 2]), { status: 200, headers: { 'Content-Type': 'image/webp' } }),
    );

    const blob = await fetchImage('/image/fetch/u1');

    expect(fetchMock.mock.calls[0]![1]).toMatchObject({ cache: 'no-cache' });
    expect(calls[0]!.headers.get('Authorization')).toBe('Bearer token-1');
    expect(blob.type).toBe('image/webp');
  });
});
