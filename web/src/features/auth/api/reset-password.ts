import { api } from '@/lib/api-client';

export interface ResetPasswordInput {
  id: string;
  token: string;
  password: string;
}

/** POST /password/reset with the link's id and token; 400 `invalid token` for a wrong, used or expired link. */
export function resetPassword(input: ResetPasswordInput): Promise<{ reset: true }> {
  return api.post('/password/reset', input, { public: true });
}
