import { z } from 'zod/mini';
import { api } from '@/lib/api-client';

export const messageSchema = z.object({
  id: z.string(),
  senderId: z.string(),
  text: z.string(),
  sentAt: z.string(),
});
export type Message = z.infer<typeof messageSchema>;

const connectionSchema = z.object({
  id: z.string(),
  userId: z.string(),
  name: z.string(),
  imageUrl: z.nullish(z.string()),
  connectedAt: z.string(),
  lastMessage: z.nullish(messageSchema),
  unread: z.nullish(z.number()),
});
export type Connection = z.infer<typeof connectionSchema>;

/** GET /connections: the member's conversations, most recent activity first. */
export async function listConnections(signal?: AbortSignal): Promise<Connection[]> {
  return z.array(connectionSchema).parse(await api.get<unknown>('/connections', { signal }));
}

/** DELETE /connections/{id}: unmatch; the conversation is gone for both, and they never meet again. */
export function unmatch(connectionId: string): Promise<void> {
  return api.delete(`/connections/${encodeURIComponent(connectionId)}`);
}
