import { useCallback, useEffect, useState } from 'react';
import { z } from 'zod/mini';
import { api, isAbortError } from '@/lib/api-client';

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
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  // Each answer is tagged with the request it belongs to; anything older reads as still loading.
  const key = `${id}#${attempt}`;
  const [settled, setSettled] = useState<{ key: string; query: WaitlistQuery } | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    getWaitlist(id, controller.signal).then(
      (waitlist) => setSettled({ key, query: { status: 'ready', waitlist } }),
      (error: unknown) => {
        if (controller.signal.aborted || isAbortError(error)) return;
        setSettled({ key, query: { status: 'error', error, retry } });
      },
    );
    return () => controller.abort();
  }, [id, key, retry]);

  return settled?.key === key ? settled.query : { status: 'loading' };
}
