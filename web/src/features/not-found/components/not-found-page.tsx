import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { buttonClass } from '@/components/ui/button';
import { Page } from '@/components/ui/page';
import './not-found-page.css';

export function NotFoundPage() {
  return (
    <Page width="sm">
      <div className="not-found">
        <p className="not-found__code" aria-hidden="true">
          404
        </p>
        <h1 className="not-found__title">Page not found</h1>
        <p className="not-found__text">The page you're looking for doesn't exist or may have moved.</p>
        <div className="not-found__actions">
          <Link to={paths.home} className={buttonClass('primary', 'lg')}>
            Go to Home
          </Link>
          <Link to={paths.quiz} className={buttonClass('secondary', 'lg')}>
            Take the Quiz
          </Link>
        </div>
      </div>
    </Page>
  );
}
