import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { api } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/use-auth';
import { queryKeys } from '@/lib/query/query-keys';
import { realtime } from './realtime';

/** GET /connections, added up over `unread` (no schema here: the count is a hint, and this is the first load). */
async function loadUnreadCount(signal: AbortSignal): Promise<number> {
  const list = await api.get<{ unread?: unknown }[]>('/connections', { signal });
  return Array.isArray(list)
    ? list.reduce((sum, item) => sum + (typeof item.unread === 'number' ? item.unread : 0), 0)
    : 0;
}

const EVENTS = ['message', 'connection', 'ended', 'resync'] as const;

/**
 * Asks the server again for everything about the member's conversations (the list, and the unread count kept
 * under its key): after they read something, or a conversation ended.
 */
export function useRefreshConnections(): () => void {
  const queryClient = useQueryClient();
  const { auth } = useAuth();
  const userId = auth?.id ?? '';
  return useCallback(
    () => void queryClient.invalidateQueries({ queryKey: queryKeys.connections(userId) }),
    [queryClient, userId],
  );
}

/**
 * How many messages the signed-in member has not read, over all conversations (the sum of `unread` in
 * GET /connections), kept fresh by the socket. A failed load keeps the last count.
 */
export function useUnreadCount(enabled: boolean): number {
  const { auth } = useAuth();
  const refresh = useRefreshConnections();
  const on = enabled && Boolean(auth?.accessToken && auth.verification);
  const query = useQuery({
    queryKey: queryKeys.unreadCount(auth?.id ?? ''),
    queryFn: ({ signal }) => loadUnreadCount(signal),
    enabled: on,
  });
  useEffect(() => {
    if (!on) return;
    const offs = EVENTS.map((event) => realtime.on(event, refresh));
    return () => offs.forEach((off) => off());
  }, [on, refresh]);
  return on ? (query.data ?? 0) : 0;
}
