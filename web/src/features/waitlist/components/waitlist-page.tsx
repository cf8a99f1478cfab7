import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Page } from '@/components/ui/page';
import { paths } from '@/app/paths';
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
    <Page
      title="Early Access Waitlist"
      subtitle="You're on the list. Invite friends to move up."
      back={{ to: paths.home, label: 'Home' }}
    >
      {query.status === 'loading' && <WaitlistSkeleton />}
      {query.status === 'error' && (
        <Card className="waitlist__state" role="alert">
          <p className="waitlist__state-title">We couldn’t load your place on the waitlist.</p>
          <p className="text-muted">Please check your connection and try again.</p>
          <Button variant="secondary" onClick={query.retry}>
            Try again
          </Button>
        </Card>
      )}
      {query.status === 'ready' && <WaitlistStatus waitlist={query.waitlist} />}
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
