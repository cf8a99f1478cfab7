import { api } from '@/lib/api-client';

/** POST /password/change: 403 `wrong password`; the other signed-in devices are signed out. */
export function changePassword(input: {
  currentPassword: string;
  newPassword: string;
}): Promise<{ changed: true }> {
  return api.post('/password/change', input);
}
