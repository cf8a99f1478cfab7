import { z } from 'zod/mini';
import { api } from '@/lib/api-client';

const receivedSchema = z.array(
  z.object({
    userId: z.string(),
    name: z.string(),
    imageUrl: z.nullish(z.string()),
    percent: z.nullish(z.number()),
    summary: z.nullish(z.string()),
    at: z.string(),
  }),
);
export type ReceivedInterest = z.infer<typeof receivedSchema>[number];

const interestSchema = z.object({
  interested: z.boolean(),
  mutual: z.boolean(),
  connectionId: z.optional(z.string()),
});

/** GET /interest/received: who is interested in the member and not yet answered, newest first. */
export async function listReceivedInterest(signal?: AbortSignal): Promise<ReceivedInterest[]> {
  return receivedSchema.parse(await api.get<unknown>('/interest/received', { signal }));
}

/** POST /interest to someone who is already interested: it becomes mutual and a connection exists. */
export async function answerInterest(userId: string) {
  return interestSchema.parse(await api.post<unknown>('/interest', { userId }));
}

/** POST /interest/decline: removes their interest; they are never told. */
export function declineInterest(userId: string): Promise<void> {
  return api.post('/interest/decline', { userId });
}
