import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { focusPageHeading } from '@/lib/a11y/focus-rescue';
import { toast } from '@/components/ui/toast';
import { useProtectedImage } from '@/lib/images/use-protected-image';
import { answerInterest, declineInterest, type ReceivedInterest } from '../api/interest';
import { queryKeys } from '@/lib/query/query-keys';
import { useAction } from '@/lib/query/use-action';
import type { LoadState } from '@/lib/query/use-load';

/**
 * People interested in the member who have not had an answer: their card, 'Interested too' (mutual: a
 * conversation opens) or 'Not for me' (they are never told). Shown only when there is someone.
 */
export function InterestedInYou({
  state,
  userId,
  onConnected,
}: {
  state: LoadState<ReceivedInterest[]>;
  userId: string;
  onConnected: () => void;
}) {
  const headingId = useId();
  const queryClient = useQueryClient();
  /** Where the answered card was: its focus goes to the next card's name, or to the page's heading. */
  const removedAt = useRef<number | null>(null);
  const count = state.status === 'ready' ? state.data.length : 0;
  useEffect(() => {
    const at = removedAt.current;
    if (at === null) return;
    removedAt.current = null;
    const names = document.querySelectorAll<HTMLElement>('.interest-card__name');
    const next = names[Math.min(at, names.length - 1)];
    if (next) next.focus();
    else focusPageHeading();
  }, [count]);
  if (state.status === 'loading') return null;
  if (state.status === 'error') {
    return (
      <section className="interested" aria-labelledby={headingId}>
        <h2 id={headingId} className="connections__heading">
          Interested in you
        </h2>
        <div className="interested__error">
          <p className="text-muted">We couldn’t load who is interested in you.</p>
          <Button variant="secondary" size="sm" onClick={state.retry}>
            Try again
          </Button>
        </div>
      </section>
    );
  }
  if (state.data.length === 0) return null;

  // An answered card leaves at once, before the server is asked again.
  const remove = (otherId: string) => {
    const people = queryClient.getQueryData<ReceivedInterest[]>(queryKeys.receivedInterest(userId));
    const at = people?.findIndex((person) => person.userId === otherId) ?? -1;
    if (at < 0) return;
    removedAt.current = at;
    queryClient.setQueryData(
      queryKeys.receivedInterest(userId),
      people!.filter((person) => person.userId !== otherId),
    );
  };

  return (
    <section className="interested" aria-labelledby={headingId}>
      <h2 id={headingId} className="connections__heading">
        Interested in you
      </h2>
      <p className="text-muted interested__hint">They liked you. Only you can see this.</p>
      <ul className="interested__list">
        {state.data.map((person) => (
          <InterestCard
            key={person.userId}
            person={person}
            onAnswered={(connected) => {
              remove(person.userId);
              if (connected) onConnected();
            }}
          />
        ))}
      </ul>
    </section>
  );
}

function InterestCard({
  person,
  onAnswered,
}: {
  person: ReceivedInterest;
  onAnswered: (connected: boolean) => void;
}) {
  const nameId = useId();
  const photo = useProtectedImage(person.imageUrl);
  const percent = person.percent == null ? null : Math.round(person.percent);
  const answer = useAction({
    run: async (choice: 'yes' | 'no') => {
      if (choice === 'no') return declineInterest(person.userId).then(() => false);
      const result = await answerInterest(person.userId);
      if (result.mutual) toast.success("It's mutual!", `Say hello to ${person.name}.`);
      // Their interest was withdrawn meanwhile: this answer stays as interest of the member's own.
      else toast.info('Interest sent', `It becomes mutual if ${person.name} is interested too.`);
      return result.mutual;
    },
    failure: 'Could not send your answer',
    onSuccess: onAnswered,
    // They left, blocked or were removed meanwhile: nothing to answer any more.
    onGone: () => {
      toast.info(`${person.name} is no longer available`);
      onAnswered(false);
    },
  });
  // After an answer the card stays busy until it leaves.
  const busy = answer.isIdle || answer.isError ? null : answer.variables;

  return (
    <Card as="li" className="interest-card" aria-labelledby={nameId}>
      <div className="interest-card__photo-frame">
        {photo.status === 'ready' && photo.src ? (
          <img className="interest-card__photo" src={photo.src} alt={`Photo of ${person.name}`} />
        ) : (
          <div
            className={`interest-card__photo interest-card__photo--empty${photo.status === 'loading' ? ' skeleton' : ''}`}
          >
            {photo.status === 'loading' ? null : <span>No image</span>}
          </div>
        )}
      </div>
      <div className="interest-card__body">
        <div className="interest-card__title">
          <h3 id={nameId} className="interest-card__name display" tabIndex={-1}>
            {person.name}
          </h3>
          {percent != null && (
            <span
              className={`badge badge--${percentTone(percent)}`}
              role="img"
              aria-label={`${percent}% compatible`}
            >
              {percent}%
            </span>
          )}
        </div>
        {person.summary ? <p className="interest-card__summary">{person.summary}</p> : null}
        <div className="interest-card__actions">
          <Button
            loading={busy === 'yes'}
            disabled={busy !== null}
            aria-describedby={nameId}
            onClick={() => answer.mutate('yes')}
          >
            Interested too
          </Button>
          <Button
            variant="secondary"
            loading={busy === 'no'}
            disabled={busy !== null}
            aria-describedby={nameId}
            onClick={() => answer.mutate('no')}
          >
            Not for me
          </Button>
        </div>
      </div>
    </Card>
  );
}

/** The match card's colours: green at 90 or more, amber from 60, rose below (spec section 2). */
function percentTone(percent: number): 'success' | 'warning' | 'rose' {
  return percent >= 90 ? 'success' : percent >= 60 ? 'warning' : 'rose';
}
