import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { Page } from '@/components/ui/page';
import { NotFoundPage } from '@/features/not-found/components/not-found-page';
import { paths } from './paths';

/** A page's code that could not be fetched: the connection dropped, or a new version replaced it. */
function isLoadFailure(error: unknown): boolean {
  return (
    error instanceof TypeError &&
    /dynamically imported module|importing a module script|Failed to fetch/i.test(error.message)
  );
}

/** A crash in a page shows what went wrong, with a way to try again and a way out, instead of a blank screen. */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  console.error(error);
  const offline = !navigator.onLine;
  const title = offline
    ? 'You’re offline'
    : isLoadFailure(error)
      ? 'This page didn’t load'
      : 'Something went wrong';
  const subtitle = offline
    ? 'This page needs an internet connection. Check your Wi-Fi or mobile data, then try again.'
    : isLoadFailure(error)
      ? 'We couldn’t reach Fated to load this page. Check your connection, then try again.'
      : 'Sorry, this page ran into a problem on our side. Trying again usually helps.';
  return (
    <Page width="sm" title={title} subtitle={subtitle}>
      <div className="row">
        <button type="button" className={buttonClass('primary')} onClick={() => window.location.reload()}>
          Try again
        </button>
        <Link to={paths.home} className={buttonClass('secondary')}>
          Go to Home
        </Link>
      </div>
    </Page>
  );
}
