import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';

/**
 * The app's one cache of server state. A failed call is shown at once with 'Try again' (the API client already
 * refreshes an expired token once), and the socket, not window focus, says when data changed.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

/** The other person or the thing asked about is gone (unmatched, blocked, deleted): the server's 404. */
export function isGone(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/**
 * The words to show for a failed call: the server's message ('No server response' when it never answered), or
 * `fallback` for anything that is not an answer of the API.
 */
export function errorText(error: unknown, fallback = 'No server response'): string {
  return error instanceof ApiError ? error.message : fallback;
}
