import { api } from '@/lib/api-client';

/** GET /logout: revokes the refresh token and clears its cookie. */
export function logOut(): Promise<unknown> {
  return api.get('/logout', { public: true });
}
