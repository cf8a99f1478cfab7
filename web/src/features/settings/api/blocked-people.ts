import { z } from 'zod/mini';
import { api } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/use-auth';
import { queryKeys } from '@/lib/query/query-keys';
import { useLoad } from '@/lib/query/use-load';

const blockedSchema = z.array(z.object({ userId: z.string(), name: z.string(), blockedAt: z.string() }));
export type BlockedPerson = z.infer<typeof blockedSchema>[number];

/** GET /block: the people the signed-in person blocked, newest first. */
export async function listBlocked(signal?: AbortSignal): Promise<BlockedPerson[]> {
  return blockedSchema.parse(await api.get<unknown>('/block', { signal }));
}

/** DELETE /block/{userId}. */
export function unblock(userId: string): Promise<void> {
  return api.delete(`/block/${encodeURIComponent(userId)}`);
}

export function useBlockedPeople() {
  const { auth } = useAuth();
  return useLoad(queryKeys.blocked(auth?.id ?? ''), listBlocked);
}
