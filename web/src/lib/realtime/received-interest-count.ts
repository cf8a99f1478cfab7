import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/use-auth';
import { queryKeys } from '@/lib/query/query-keys';
import { realtime } from './realtime';

/** GET /interest/received, counted (no schema here: the count is a hint for the navigation). */
async function loadCount(signal: AbortSignal): Promise<number> {
  const list = await api.get<unknown[]>('/interest/received', { signal });
  return Array.isArray(list) ? list.length : 0;
}

/**
 * Someone new is interested, someone's interest became a conversation, or the socket is back after a break.
 */
const EVENTS = ['interest', 'connection', 'resync'] as const;

/**
 * How many people are interested in the signed-in member and not yet answered, kept fresh by the socket (and
 * by whatever refreshes the list, whose key this count sits under). A failed load keeps the last count; none
 * yet: 0.
 */
export function useReceivedInterestCount(enabled: boolean): number {
  const { auth } = useAuth();
  const queryClient = useQueryClient();
  const userId = auth?.id ?? '';
  const on = enabled && Boolean(auth?.accessToken && auth.verification);
  const query = useQuery({
    queryKey: queryKeys.receivedInterestCount(userId),
    queryFn: ({ signal }) => loadCount(signal),
    enabled: on,
  });
  useEffect(() => {
    if (!on) return;
    const refresh = () =>
      void queryClient.invalidateQueries({ queryKey: queryKeys.receivedInterestCount(userId), exact: true });
    const offs = EVENTS.map((event) => realtime.on(event, refresh));
    return () => offs.forEach((off) => off());
  }, [on, queryClient, userId]);
  return on ? (query.data ?? 0) : 0;
}
