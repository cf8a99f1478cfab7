import { api } from '@/lib/api-client';
import { authStore } from '@/lib/auth-store';
import { storage } from '@/lib/storage';

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

/**
 * POST /login: sets the refresh cookie and answers with the access token. With 'Remember me' off the body says
 * so (`persist: false`), and the cookie ends with the browser session.
 */
export function logIn(input: LogInInput): Promise<LogInResult> {
  const body = authStore.getState().persist ? input : { ...input, persist: false };
  return api.post<LogInResult>('/login', body, { public: true });
}

/** Signs in and starts the session: the token in memory, and this device remembers that someone signed in here. */
export async function signIn(input: LogInInput): Promise<LogInResult> {
  const signedIn = await logIn(input);
  authStore.setAuth({
    id: signedIn.id,
    email: input.email,
    accessToken: signedIn.accessToken,
    verification: signedIn.verification,
  });
  storage.markLoggedIn();
  return signedIn;
}
