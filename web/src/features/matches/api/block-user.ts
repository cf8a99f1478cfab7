import { api } from '@/lib/api-client';

/** POST /block: from now on neither sees the other (idempotent). */
export function blockUser(userId: string): Promise<{ blocked: true }> {
  return api.post('/block', { userId });
}
