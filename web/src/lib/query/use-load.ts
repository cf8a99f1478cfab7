import { useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';

export type LoadState<T> =
  { status: 'loading' } | { status: 'error'; error: unknown; retry(): void } | { status: 'ready'; data: T };

/**
 * A cached read as a screen shows it: loading, failed (with a 'Try again' that goes back to loading), or ready.
 * Once there is data it stays on screen: a later refetch that fails (after a socket event) keeps it.
 */
export function useLoad<T>(
  queryKey: QueryKey,
  load: (signal: AbortSignal) => Promise<T>,
  options: { gcTime?: number } = {},
): LoadState<T> {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey, queryFn: ({ signal }) => load(signal), ...options });
  if (query.data !== undefined) return { status: 'ready', data: query.data };
  if (query.status === 'error') {
    return {
      status: 'error',
      error: query.error,
      retry: () => void queryClient.resetQueries({ queryKey, exact: true }),
    };
  }
  return { status: 'loading' };
}
