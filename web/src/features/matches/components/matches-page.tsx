import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { ErrorCard } from '@/components/ui/error-card';
import { Page } from '@/components/ui/page';
import { paths } from '@/app/paths';
import { useAuth } from '@/lib/auth/use-auth';
import { useRealtime } from '@/lib/realtime/use-realtime';
import { useMatches, useMatchesCache, type MissingStep } from '../api/request-matches';
import { MatchCarousel } from './match-carousel';
import './matches-page.css';

const EMPTY_MATCHES_TEXT =
  "Turns out you're highly unique. When someone truly compatible signs up, we'll email you so you can see their profile.";

export function MatchesPage() {
  const { auth } = useAuth();
  if (!auth) return null;
  return <MatchesScreen userId={auth.id} />;
}

function MatchesScreen({ userId }: { userId: string }) {
  const query = useMatches(userId);
  const cache = useMatchesCache(userId);
  // It became mutual while the member looks at the card: it offers 'Say hello' at once.
  useRealtime('connection', (event) => cache.setInterest(event.userId, 'mutual', event.id));
  const shown = query.status === 'ready' ? query.matches : [];

  return (
    <Page title="Today's Matches" subtitle="Curated for you by AI from your quiz answers." width="lg">
      {query.status === 'loading' && <MatchSkeleton />}
      {query.status === 'ready' &&
        (shown.length > 0 ? (
          // Blocked or reported from a card: gone from today's carousel at once (the server drops it too).
          <MatchCarousel matches={shown} onGone={cache.remove} />
        ) : (
          <EmptyMatches />
        ))}
      {query.status === 'error' && (
        <ErrorCard title="We couldn’t load today’s matches." error={query.error} onRetry={query.retry} />
      )}
      {query.status === 'missing' && <MissingStepDialog step={query.step} />}
    </Page>
  );
}

function EmptyMatches() {
  const text = useRef<HTMLParagraphElement>(null);
  // The last card left (blocked, reported) and took the focus with it: the focus comes here, not to the page.
  useEffect(() => {
    if (!document.activeElement || document.activeElement === document.body)
      text.current?.focus({ preventScroll: true });
  }, []);
  return (
    <Card className="matches__empty" padding="lg">
      <span className="matches__empty-icon" aria-hidden="true">
        <svg viewBox="0 0 24 24" focusable="false">
          <path d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z" />
        </svg>
      </span>
      <p className="matches__empty-text" ref={text} tabIndex={-1}>
        {EMPTY_MATCHES_TEXT}
      </p>
      <Link to={paths.home} className={buttonClass('secondary')}>
        Back to Home
      </Link>
    </Card>
  );
}

const MISSING: Record<MissingStep, { title: string; description: string; action: string; to: string }> = {
  quiz: {
    title: "You haven't taken the quiz yet!",
    description: 'Your matches come from your answers to our 19-question compatibility quiz.',
    action: 'Take the Quiz!',
    to: paths.quiz,
  },
  profile: {
    title: "You haven't filled out your profile yet!",
    description: 'Your matches see your profile, so we need it before we can introduce you.',
    action: 'Create Profile',
    to: paths.profile,
  },
};

/**
 * The step still missing, as a dialog; closed (Escape, the backdrop), it stays on the page as a card with the
 * same way forward, and the navigation is the member's again.
 */
function MissingStepDialog({ step }: { step: MissingStep }) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(true);
  const copy = MISSING[step];
  const action = <Button onClick={() => navigate(copy.to)}>{copy.action}</Button>;
  if (!open)
    return (
      <Card className="matches__empty" padding="lg">
        <h2 className="matches__missing-title">{copy.title}</h2>
        <p className="matches__empty-text">{copy.description}</p>
        {action}
      </Card>
    );
  return (
    <Dialog open onClose={() => setOpen(false)} title={copy.title} description={copy.description}>
      <DialogActions>{action}</DialogActions>
    </Dialog>
  );
}

function MatchSkeleton() {
  return (
    <div className="matches__skeleton" role="status" aria-busy="true" aria-label="Finding your matches">
      <div className="skeleton matches__skeleton-photo" />
      <div className="matches__skeleton-body">
        <div className="skeleton matches__skeleton-line matches__skeleton-line--title" />
        <div className="skeleton matches__skeleton-line" />
        <div className="skeleton matches__skeleton-line matches__skeleton-line--short" />
        <div className="skeleton matches__skeleton-block" />
      </div>
    </div>
  );
}
