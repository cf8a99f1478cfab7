import { api } from '@/lib/api-client';

/** POST /register/verify: sends the first verification mail after sign-up. */
export function requestVerification(input: { id: string; name: string; email: string }): Promise<unknown> {
  return api.post('/register/verify', input, { public: true });
}

/** POST /register/resend: a fresh link when the old one expired or was used. */
export function resendVerification(input: { id: string }): Promise<unknown> {
  return api.post('/register/resend', input, { public: true });
}
