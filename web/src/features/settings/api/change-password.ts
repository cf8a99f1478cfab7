import { api } from '@/lib/api-client';

/**
 * POST /password/change: 403 `wrong password`; the other signed-in devices are signed out, and this one gets a
 * fresh sign-in (its cookie, and `accessToken`).
 */
export function changePassword(input: {
  currentPassword: string;
  newPassword: string;
}): Promise<{ changed: true; accessToken: string }> {
  return api.post('/password/change', input);
}
