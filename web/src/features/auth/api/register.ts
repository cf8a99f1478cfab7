import { api } from '@/lib/api-client';

export interface RegisterInput {
  name: string;
  email: string;
  password: string;
  /** Referral code from a share link (`/signup?code=…`). */
  code?: string;
}

/** POST /register → the new account's id. */
export function register(input: RegisterInput): Promise<{ id: string }> {
  const { code, ...rest } = input;
  return api.post<{ id: string }>('/register', code ? { ...rest, code } : rest, { public: true });
}
