import { useEffect } from 'react';
import { refreshSession } from '@/lib/api-client';
import { authStore } from '@/lib/auth-store';

/**
 * Spec "Session restore": on load, with Remember me on and no token, try one refresh; failure is ignored (a
 * public page stays where it is; a protected one decides for itself). Mounted once, by the root layout.
 */
export function useSessionRestore() {
  useEffect(() => {
    const { auth, persist } = authStore.getState();
    if (!persist || auth?.accessToken) return;
    // Concurrent calls share one request, so StrictMode's double effect (and a protected page's own refresh
    // beside this one) does not spend the cookie twice.
    refreshSession().catch(() => undefined);
  }, []);
}
