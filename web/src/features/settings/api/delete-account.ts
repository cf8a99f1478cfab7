import { api } from '@/lib/api-client';

/** DELETE /account with the password again: 204, or 403 `wrong password`. */
export function deleteAccount(password: string): Promise<void> {
  return api.delete('/account', { password });
}
