import { useCallback } from 'react';
import { authStore } from '@/lib/auth-store';
import { logOut } from './log-out';

/**
 * Spec "Logout": the session is cleared at once; a failing server call is only logged. `to`: where a protected
 * page the member is on sends them next (sign in when not given).
 */
export function useLogout() {
  return useCallback(async (to?: string) => {
    authStore.clearAuth(to);
    try {
      await logOut();
    } catch (error) {
      console.error('Logout failed', error);
    }
  }, []);
}
