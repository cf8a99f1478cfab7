import { api } from '@/lib/api-client';

export interface LogInInput {
  email: string;
  password: string;
}

export interface LogInResult {
  id: string;
  accessToken: string;
  verification: boolean;
  /** The account has no name yet (reclaimed by a password reset). */
  nameRequired?: true;
}

/** POST /login: sets the refresh cookie and answers with the access token. */
export function logIn(input: LogInInput): Promise<LogInResult> {
  return api.post<LogInResult>('/login', input, { public: true });
}
