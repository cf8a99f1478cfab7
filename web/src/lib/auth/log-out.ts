import { api, whileLoggingOut } from '@/lib/api-client';

/** GET /logout: revokes the refresh token and clears its cookie (a session restore waits for it). */
export function logOut(): Promise<unknown> {
  return whileLoggingOut(() => api.get('/logout', { public: true }));
}
