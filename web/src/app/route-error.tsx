import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { Page } from '@/components/ui/page';
import { NotFoundPage } from '@/features/not-found/components/not-found-page';
import { paths } from './paths';

/** A crash in a page shows an apology with a way out instead of a blank screen. */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  console.error(error);
  return (
    <Page
      width="sm"
      title="Something went wrong"
      subtitle="Sorry about that. Please reload the page or go back home."
    >
      <div className="row">
        <button type="button" className={buttonClass('primary')} onClick={() => window.location.reload()}>
          Reload
        </button>
        <Link to={paths.home} className={buttonClass('secondary')}>
          Go to Home
        </Link>
      </div>
    </Page>
  );
}
