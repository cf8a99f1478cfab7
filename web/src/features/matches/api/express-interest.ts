import { z } from 'zod/mini';
import { api } from '@/lib/api-client';

/** Where the member stands with a card: nothing said, interested (they see it at once), or mutual. */
export type Interest = 'none' | 'sent' | 'mutual';

const answerSchema = z.object({
  interested: z.boolean(),
  mutual: z.boolean(),
  connectionId: z.optional(z.string()),
});
export type InterestAnswer = z.infer<typeof answerSchema>;

/**
 * POST /interest: the other sees it under 'Interested in you'; if they were interested already, `mutual` and
 * the new conversation's id.
 */
export async function expressInterest(userId: string): Promise<InterestAnswer> {
  return answerSchema.parse(await api.post<unknown>('/interest', { userId }));
}

/** DELETE /interest/{userId}: takes back a one-sided interest (it leaves their 'Interested in you'). */
export function withdrawInterest(userId: string): Promise<void> {
  return api.delete(`/interest/${encodeURIComponent(userId)}`);
}
