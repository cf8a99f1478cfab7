import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { toast } from '@/components/ui/toast';
import { useFocusRescue } from '@/lib/a11y/focus-rescue';
import { usePageTitle } from '@/lib/a11y/page-title';
import { useSessionRestore } from '@/lib/auth/use-session-restore';

/** An error toast shown this long before a move to another page came with the move, and stays. */
const MOVE_MS = 1000;

/**
 * Wraps every route: a remembered session is restored once, whichever page the app opens on (public pages
 * too, so their header shows the member's navigation); scroll position is restored on back/forward and reset
 * on new pages; the errors of the page left do not follow the member to the next one; a focus left on nothing
 * goes to the page's heading; the document's title names the page.
 */
export function RootLayout() {
  useSessionRestore();
  useFocusRescue();
  const { pathname } = useLocation();
  usePageTitle(pathname);
  useEffect(() => toast.dismissErrors(performance.now() - MOVE_MS), [pathname]);
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
