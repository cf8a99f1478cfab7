import { api } from '@/lib/api-client';

/** POST /verification: the server answers 201 when the token is valid; any error status means it is not. */
export function verifyEmail(input: { id: string; emailToken: string }): Promise<unknown> {
  return api.post('/verification', input, { public: true });
}
