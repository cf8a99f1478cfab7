import { ApiError } from '@/lib/api-client';
import { Button } from './button';
import { Card } from './card';
import './error-card.css';

/** What went wrong, in words a member can act on: no connection, or trouble on our side. */
export function describeLoadError(error: unknown): string {
  const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
  if (offline || (error instanceof ApiError && error.status === 0))
    return 'We couldn’t reach Fated. Check your internet connection, then try again.';
  if (error instanceof ApiError && error.status >= 500)
    return 'Something went wrong on our side. Please try again in a moment.';
  return 'Please try again in a moment.';
}

/** A failed load: what failed, why, and 'Try again'. */
export function ErrorCard({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  return (
    <Card className="error-card" role="alert">
      <span className="error-card__icon" aria-hidden="true">
        !
      </span>
      <p className="error-card__title">{title}</p>
      <p className="text-muted">{describeLoadError(error)}</p>
      <Button variant="secondary" onClick={onRetry}>
        Try again
      </Button>
    </Card>
  );
}
