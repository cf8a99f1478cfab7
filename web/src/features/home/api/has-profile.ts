import { api, ApiError } from '@/lib/api-client';
import { queryKeys } from '@/lib/query/query-keys';
import { useLoad } from '@/lib/query/use-load';

/** GET /user/getProfile/{id}, read only for whether the member has made a profile yet (404: not yet). */
export async function hasProfile(id: string, signal?: AbortSignal): Promise<boolean> {
  try {
    await api.get<unknown>(`/user/getProfile/${encodeURIComponent(id)}`, { signal });
    return true;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return false;
    throw error;
  }
}

/** `null` while unknown (loading, or the call failed: home then marks nothing). */
export function useHasProfile(id: string): boolean | null {
  const request = useLoad(queryKeys.hasProfile(id), (signal) => hasProfile(id, signal));
  return request.status === 'ready' ? request.data : null;
}
