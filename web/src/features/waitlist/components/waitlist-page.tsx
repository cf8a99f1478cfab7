import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Page } from '@/components/ui/page';
import { ErrorCard } from '@/components/ui/error-card';
import { useAuth } from '@/lib/auth/use-auth';
import { useWaitlist, type Waitlist } from '../api/get-waitlist';
import { InviteDialog } from './invite-dialog';
import './waitlist-page.css';

export function WaitlistPage() {
  const { auth } = useAuth();
  if (!auth) return null;
  return <WaitlistScreen userId={auth.id} />;
}

function WaitlistScreen({ userId }: { userId: string }) {
  const query = useWaitlist(userId);

  return (
    <Page title="Early Access Waitlist" subtitle="You're on the list. Invite friends to move up.">
      {query.status === 'loading' && <WaitlistSkeleton />}
      {query.status === 'error' && (
        <ErrorCard
          title="We couldn’t load your place on the waitlist."
          error={query.error}
          onRetry={query.retry}
        />
      )}
      {query.status === 'ready' && <WaitlistStatus waitlist={query.data} />}
    </Page>
  );
}

function WaitlistStatus({ waitlist }: { waitlist: Waitlist }) {
  const [inviting, setInviting] = useState(false);
  return (
    <div className="waitlist">
      <dl className="waitlist__stats">
        <Card className="waitlist__stat waitlist__stat--position">
          <dt className="waitlist__stat-label">Position</dt>
          <dd className="waitlist__stat-value">#{waitlist.position.toLocaleString('en-US')}</dd>
        </Card>
        <Card className="waitlist__stat">
          <dt className="waitlist__stat-label">Referrals</dt>
          <dd className="waitlist__stat-value">{waitlist.referralCount.toLocaleString('en-US')}</dd>
        </Card>
      </dl>

      <Card className="waitlist__share" padding="lg">
        <h2 className="waitlist__share-title display">Move up the list</h2>
        <p className="text-muted">
          Every friend who joins with your link and verifies their email moves you up 10 places.
        </p>
        <Button size="lg" onClick={() => setInviting(true)}>
          Share your link
        </Button>
      </Card>

      <InviteDialog open={inviting} shareLink={waitlist.shareLink} onClose={() => setInviting(false)} />
    </div>
  );
}

function WaitlistSkeleton() {
  return (
    <div className="waitlist" aria-busy="true" aria-label="Loading your waitlist position">
      <div className="waitlist__stats">
        <div className="skeleton waitlist__skeleton-stat" />
        <div className="skeleton waitlist__skeleton-stat" />
      </div>
      <div className="skeleton waitlist__skeleton-share" />
    </div>
  );
}
