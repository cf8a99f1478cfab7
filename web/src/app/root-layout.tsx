import { Outlet, ScrollRestoration } from 'react-router';
import { useSessionRestore } from '@/lib/auth/use-session-restore';

/**
 * Wraps every route: a remembered session is restored once, whichever page the app opens on (public pages
 * too, so their header shows the member's navigation); scroll position is restored on back/forward and reset
 * on new pages.
 */
export function RootLayout() {
  useSessionRestore();
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
