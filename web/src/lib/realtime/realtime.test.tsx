import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { fakeSockets, openSocket } from '@/test/fake-socket';
import { fakeJwt, json, mockFetch } from '@/test/http';
import { withQueryClient } from '@/test/render';
import { realtime } from './realtime';
import { useUnreadCount } from './unread-count';

const oldToken = fakeJwt({ id: 'me', email: 'me@example.com' });
const signIn = (verification = true) =>
  authStore.setAuth({ id: 'me', email: 'me@example.com', accessToken: oldToken, verification });

describe('realtime', () => {
  it('opens one socket at /api/socket.io with the access token once someone listens', async () => {
    mockFetch(() => json(500, {}));
    signIn();
    const messages: unknown[] = [];
    realtime.on('message', (payload) => messages.push(payload));
    realtime.on('ended', () => undefined);
    const socket = await openSocket();
    expect(fakeSockets).toHaveLength(1);
    expect(socket.options.path).toBe('/api/socket.io');
    expect(socket.handshakeAuth()).toEqual({ token: oldToken });

    socket.fire('message', { connectionId: 'c1', id: 'm1', senderId: 'u', text: 'Hi', sentAt: 'now' });
    expect(messages).toEqual([{ connectionId: 'c1', id: 'm1', senderId: 'u', text: 'Hi', sentAt: 'now' }]);
  });

  it('opens nothing for an unverified member, and closes on sign-out', async () => {
    mockFetch(() => json(500, {}));
    signIn(false);
    realtime.on('message', () => undefined);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(fakeSockets).toHaveLength(0);

    signIn(true);
    const socket = await openSocket();
    act(() => authStore.clearAuth());
    expect(socket.disconnected).toBe(true);
  });

  it("refreshes the session on 'unauthorized' and connects again with the new token", async () => {
    const newToken = fakeJwt({ id: 'me', email: 'me@example.com' }) + 'x';
    const { calls } = mockFetch(() => json(200, { accessToken: newToken, verification: true }));
    signIn();
    realtime.on('message', () => undefined);
    const socket = await openSocket();
    const connectsBefore = socket.connects;

    socket.fire('connect_error', new Error('unauthorized'));
    await waitFor(() => expect(socket.connects).toBe(connectsBefore + 1));
    expect(calls.map((call) => call.path)).toEqual(['/refresh']);
    expect(socket.handshakeAuth()).toEqual({ token: newToken });

    // Refused again right away: no loop of refreshes.
    socket.fire('connect_error', new Error('unauthorized'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toHaveLength(1);
  });

  it('signs out when the refresh is refused', async () => {
    mockFetch(() => json(401, { statusCode: 401, error: 'Unauthorized', message: 'x' }));
    signIn();
    realtime.on('message', () => undefined);
    const socket = await openSocket();
    socket.fire('connect_error', new Error('unauthorized'));
    await waitFor(() => expect(authStore.getState().auth).toBeNull());
  });

  it("tells listeners to load again ('resync') when the socket is back after a break", async () => {
    mockFetch(() => json(500, {}));
    signIn();
    const resync = vi.fn();
    realtime.on('resync', resync);
    const socket = await openSocket();
    socket.accept();
    expect(resync).not.toHaveBeenCalled();
    socket.fire('disconnect', 'transport close');
    socket.accept();
    expect(resync).toHaveBeenCalledTimes(1);
  });
});

describe('useUnreadCount', () => {
  it('adds up unread over GET /connections and asks again when a message arrives', async () => {
    let unread = [1, 2];
    mockFetch(() =>
      json(
        200,
        unread.map((n, i) => ({ id: `c${i}`, unread: n })),
      ),
    );
    signIn();
    const { result } = renderHook(() => useUnreadCount(true), { wrapper: withQueryClient() });
    await waitFor(() => expect(result.current).toBe(3));

    unread = [0, 5];
    const socket = await openSocket();
    act(() =>
      socket.fire('message', { connectionId: 'c1', id: 'm', senderId: 'u', text: 'x', sentAt: 'now' }),
    );
    await waitFor(() => expect(result.current).toBe(5));
  });

  it('is 0 and asks nothing when not enabled', async () => {
    const { calls } = mockFetch(() => json(200, [{ unread: 4 }]));
    signIn(false);
    const { result } = renderHook(() => useUnreadCount(false), { wrapper: withQueryClient() });
    expect(result.current).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toHaveLength(0);
  });
});
