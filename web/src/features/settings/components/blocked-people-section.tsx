import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { useAuth } from '@/lib/auth/use-auth';
import { queryKeys } from '@/lib/query/query-keys';
import { useAction } from '@/lib/query/use-action';
import { unblock, useBlockedPeople, type BlockedPerson } from '../api/blocked-people';
import { SettingsSection } from './settings-section';

export function BlockedPeopleSection() {
  const { auth } = useAuth();
  const queryClient = useQueryClient();
  const query = useBlockedPeople();
  const listRef = useRef<HTMLDivElement>(null);
  /** Where the unblocked person was: the focus their button had goes to the next one (or the empty text). */
  const removedAt = useRef<number | null>(null);
  const unblocking = useAction({
    run: ({ userId }: BlockedPerson) => unblock(userId),
    failure: 'Could not unblock',
    onSuccess: (_done, { userId, name }) => {
      const key = queryKeys.blocked(auth?.id ?? '');
      const before = queryClient.getQueryData<BlockedPerson[]>(key) ?? [];
      removedAt.current = before.findIndex((person) => person.userId === userId);
      queryClient.setQueryData(
        key,
        before.filter((person) => person.userId !== userId),
      );
      toast.success(`${name} is unblocked`);
    },
  });
  const pending = unblocking.isPending ? unblocking.variables.userId : null;
  const people = query.status === 'ready' ? query.data : [];
  useEffect(() => {
    const at = removedAt.current;
    if (at === null || at < 0) return;
    removedAt.current = null;
    const buttons = listRef.current?.querySelectorAll<HTMLElement>('.settings__list button');
    const next =
      buttons?.[Math.min(at, buttons.length - 1)] ??
      listRef.current?.querySelector<HTMLElement>('[data-empty]');
    next?.focus();
  }, [people.length]);

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
      <div ref={listRef}>
        {query.status === 'ready' &&
          (people.length === 0 ? (
            <p className="text-muted" tabIndex={-1} data-empty>
              You haven't blocked anyone.
            </p>
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
                    onClick={() => unblocking.mutate(person)}
                  >
                    Unblock
                  </Button>
                </li>
              ))}
            </ul>
          ))}
      </div>
    </SettingsSection>
  );
}
