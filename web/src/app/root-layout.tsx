import { Outlet, ScrollRestoration } from 'react-router';

/** Wraps every route: scroll position is restored on back/forward and reset on new pages. */
export function RootLayout() {
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
