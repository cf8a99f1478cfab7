import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { api } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/use-auth';
import { queryKeys } from '@/lib/query/query-keys';
import { realtime } from './realtime';

interface ConversationsSummary {
  /** How many conversations the member has. */
  count: number;
  unread: number;
}

/**
 * GET /connections, counted and added up over `unread` (no schema here: both are hints for the navigation).
 */
async function loadSummary(signal: AbortSignal): Promise<ConversationsSummary> {
  const list = await api.get<{ unread?: unknown }[]>('/connections', { signal });
  if (!Array.isArray(list)) return { count: 0, unread: 0 };
  return {
    count: list.length,
    unread: list.reduce((sum, item) => sum + (typeof item.unread === 'number' ? item.unread : 0), 0),
  };
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
 * Takes an ended conversation off the list at once, then loads the list again: shown meanwhile, its entry would
 * ask for the other member's photo, which is gone for this member (404).
 */
export function useDropConnection(): (connectionId: string) => void {
  const queryClient = useQueryClient();
  const { auth } = useAuth();
  const userId = auth?.id ?? '';
  return useCallback(
    (connectionId: string) => {
      queryClient.setQueryData<{ id: string }[]>(queryKeys.connections(userId), (list) =>
        list?.filter((connection) => connection.id !== connectionId),
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.connections(userId) });
    },
    [queryClient, userId],
  );
}

/**
 * How many conversations the signed-in member has, and how many messages in them they have not read (the sum
 * of `unread` in GET /connections), kept fresh by the socket. A failed load keeps the last answer; none yet:
 * 0 and 0.
 */
export function useConversationsSummary(enabled: boolean): ConversationsSummary {
  const { auth } = useAuth();
  const refresh = useRefreshConnections();
  const on = enabled && Boolean(auth?.accessToken && auth.verification);
  const query = useQuery({
    queryKey: queryKeys.unreadCount(auth?.id ?? ''),
    queryFn: ({ signal }) => loadSummary(signal),
    enabled: on,
  });
  const myId = auth?.id;
  useEffect(() => {
    if (!on) return;
    const offs = EVENTS.map((event) => realtime.on(event, refresh));
    // Read in another tab of this member: fewer unread here too.
    offs.push(realtime.on('read', (event) => event.readerId === myId && refresh()));
    return () => offs.forEach((off) => off());
  }, [on, refresh, myId]);
  return (on ? query.data : undefined) ?? { count: 0, unread: 0 };
}

/**
 * How many messages the signed-in member has not read, over all conversations (see useConversationsSummary).
 */
export function useUnreadCount(enabled: boolean): number {
  return useConversationsSummary(enabled).unread;
}
