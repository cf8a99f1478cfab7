import { z } from 'zod/mini';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query/query-keys';
import { useLoad, type LoadState } from '@/lib/query/use-load';

export const waitlistSchema = z.object({
  position: z.number(),
  referralCount: z.number(),
  shareLink: z.string(),
});

export type Waitlist = z.infer<typeof waitlistSchema>;

/** GET /waitlist/{id} — the user's place in the queue and their invite link. */
export async function getWaitlist(id: string, signal?: AbortSignal): Promise<Waitlist> {
  return waitlistSchema.parse(await api.get<unknown>(`/waitlist/${encodeURIComponent(id)}`, { signal }));
}

export function useWaitlist(id: string): LoadState<Waitlist> {
  return useLoad(queryKeys.waitlist(id), (signal) => getWaitlist(id, signal));
}
