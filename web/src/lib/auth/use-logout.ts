import { useCallback } from 'react';
import { authStore } from '@/lib/auth-store';
import { logOut } from './log-out';

/** Spec "Logout": the session is cleared at once; a failing server call is only logged. */
export function useLogout() {
  return useCallback(async () => {
    authStore.clearAuth();
    try {
      await logOut();
    } catch (error) {
      console.error('Logout failed', error);
    }
  }, []);
}
