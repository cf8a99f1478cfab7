import { useCallback, useEffect, useState } from 'react';
import { z } from 'zod';
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
  const [state, setState] = useState<WaitlistQuery>({ status: 'loading' });
  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    getWaitlist(id, controller.signal).then(
      (waitlist) => setState({ status: 'ready', waitlist }),
      (error: unknown) => {
        if (!controller.signal.aborted && !isAbortError(error)) setState({ status: 'error', error, retry });
      },
    );
    return () => controller.abort();
  }, [id, attempt, retry]);

  return state;
}
