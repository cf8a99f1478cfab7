import { api } from '@/lib/api-client';

/** POST /register/verify: sends the first verification mail after sign-up. */
export function requestVerification(input: { id: string; name: string; email: string }): Promise<unknown> {
  return api.post('/register/verify', input, { public: true });
}
