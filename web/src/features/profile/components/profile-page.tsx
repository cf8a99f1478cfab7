import { Card } from '@/components/ui/card';
import { Page } from '@/components/ui/page';
import { Spinner } from '@/components/ui/spinner';
import { ErrorCard } from '@/components/ui/error-card';
import { useAuth } from '@/lib/auth/use-auth';
import { useProfile } from '../api/get-profile';
import { ProfileForm } from './profile-form';
import './profile-page.css';

export function ProfilePage() {
  const { auth } = useAuth();
  if (!auth) return null;
  return <ProfileScreen userId={auth.id} />;
}

function ProfileScreen({ userId }: { userId: string }) {
  const query = useProfile(userId);
  const isNew = query.status === 'ready' && query.data === null;

  return (
    <Page
      title={query.status === 'ready' && !isNew ? 'Edit Profile' : 'Create Profile'}
      subtitle="Tell your matches who you are. Your photo and answers appear on their match cards."
      width="lg"
    >
      {query.status === 'loading' && (
        <Card className="profile-page__state" aria-busy="true">
          <Spinner label="Loading your profile" />
          <p className="text-muted">Loading your profile…</p>
        </Card>
      )}
      {query.status === 'error' && (
        <ErrorCard title="We couldn’t load your profile." error={query.error} onRetry={query.retry} />
      )}
      {query.status === 'ready' && <ProfileForm userId={userId} profile={query.data} />}
    </Page>
  );
}
