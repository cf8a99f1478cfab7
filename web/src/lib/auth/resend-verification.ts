import { api } from '@/lib/api-client';

/** POST /register/resend: a fresh verification link (it replaces every earlier one). */
export function resendVerification(input: { id: string }): Promise<unknown> {
  return api.post('/register/resend', input, { public: true });
}
