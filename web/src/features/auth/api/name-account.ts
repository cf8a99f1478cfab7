import { api } from '@/lib/api-client';

/** POST /account/name: an account reclaimed by a password reset has no name until its owner chooses one. */
export function nameAccount(name: string): Promise<{ name: string }> {
  return api.post<{ name: string }>('/account/name', { name });
}
