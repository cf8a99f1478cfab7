import { api } from '@/lib/api-client';

/** POST /password/forgot: the same answer whether or not the address has an account. */
export function forgotPassword(email: string): Promise<{ sent: true }> {
  return api.post('/password/forgot', { email }, { public: true });
}
