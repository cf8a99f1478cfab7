import { z } from 'zod/mini';
import { api } from '@/lib/api-client';
import { useRequest } from '@/lib/use-request';

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

export type WaitlistQuery =
  | { status: 'loading' }
  | { status: 'error'; error: unknown; retry(): void }
  | { status: 'ready'; waitlist: Waitlist };

export function useWaitlist(id: string): WaitlistQuery {
  const request = useRequest(id, (signal) => getWaitlist(id, signal));
  return request.status === 'ready' ? { status: 'ready', waitlist: request.data } : request;
}
