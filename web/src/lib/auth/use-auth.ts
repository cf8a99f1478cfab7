import { useSyncExternalStore } from 'react';
import { authStore, type Auth } from '@/lib/auth-store';

export type { Auth };

/** The shared session (spec section 3); logged in = has an access token or an email (section 6). */
export function useAuth() {
  const { auth, persist, signedOutTo } = useSyncExternalStore(
    authStore.subscribe,
    authStore.getState,
    authStore.getState,
  );
  return {
    auth,
    setAuth: authStore.setAuth,
    clearAuth: authStore.clearAuth,
    persist,
    signedOutTo,
    setPersist: authStore.setPersist,
    isLoggedIn: Boolean(auth?.accessToken || auth?.email),
  };
}
