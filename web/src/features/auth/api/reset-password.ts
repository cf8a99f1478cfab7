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

/**
 * POST /password/reset/check: whether the link still works, asked when its page opens (nothing is spent);
 * 400 `invalid token` for a wrong, used or expired link.
 */
export function checkResetLink(input: { id: string; token: string }): Promise<{ valid: true }> {
  return api.post('/password/reset/check', input, { public: true });
}
