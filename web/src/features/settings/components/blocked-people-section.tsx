import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { unblock, useBlockedPeople } from '../api/blocked-people';
import { SettingsSection } from './settings-section';

export function BlockedPeopleSection() {
  const query = useBlockedPeople();
  const [unblocked, setUnblocked] = useState<ReadonlySet<string>>(new Set());
  const [pending, setPending] = useState<string | null>(null);

  async function onUnblock(userId: string, name: string) {
    setPending(userId);
    try {
      await unblock(userId);
      setUnblocked((ids) => new Set(ids).add(userId));
      toast.success(`${name} is unblocked`);
    } catch {
      toast.error('Could not unblock', 'Please try again.');
    } finally {
      setPending(null);
    }
  }

  const people = query.status === 'ready' ? query.data.filter((person) => !unblocked.has(person.userId)) : [];

  return (
    <SettingsSection
      title="Blocked people"
      description="People you blocked never appear in your matches, and neither of you can see the other's profile."
    >
      {query.status === 'loading' && <Spinner label="Loading blocked people" />}
      {query.status === 'error' && (
        <div className="settings__row">
          <p className="text-muted">Could not load the people you blocked.</p>
          <Button variant="secondary" size="sm" onClick={query.retry}>
            Try again
          </Button>
        </div>
      )}
      {query.status === 'ready' &&
        (people.length === 0 ? (
          <p className="text-muted">You haven't blocked anyone.</p>
        ) : (
          <ul className="settings__list">
            {people.map((person) => (
              <li key={person.userId} className="settings__row">
                <span className="settings__name" id={`blocked-${person.userId}`}>
                  {person.name}
                </span>
                <Button
                  variant="secondary"
                  size="sm"
                  loading={pending === person.userId}
                  aria-describedby={`blocked-${person.userId}`}
                  onClick={() => void onUnblock(person.userId, person.name)}
                >
                  Unblock
                </Button>
              </li>
            ))}
          </ul>
        ))}
    </SettingsSection>
  );
}
