import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { toast } from '@/components/ui/toast';
import { ApiError } from '@/lib/api-client';
import { useProtectedImage } from '@/lib/images/use-protected-image';
import { answerInterest, declineInterest, type ReceivedInterest } from '../api/interest';
import type { LiveRequest } from '../hooks/use-live-request';

/**
 * People interested in the member who have not had an answer: their card, 'Interested too' (mutual: a
 * conversation opens) or 'Not for me' (they are never told). Shown only when there is someone.
 */
export function InterestedInYou({
  query,
  onConnected,
}: {
  query: LiveRequest<ReceivedInterest[]>;
  onConnected: () => void;
}) {
  const headingId = useId();
  const { state } = query;
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

  const remove = (userId: string) =>
    query.update((people) => people.filter((person) => person.userId !== userId));

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
  const [busy, setBusy] = useState<'yes' | 'no' | null>(null);
  const photo = useProtectedImage(person.imageUrl);
  const percent = person.percent == null ? null : Math.round(person.percent);

  async function answer(choice: 'yes' | 'no') {
    setBusy(choice);
    try {
      if (choice === 'yes') {
        const result = await answerInterest(person.userId);
        if (result.mutual) toast.success("It's mutual!", `Say hello to ${person.name}.`);
        onAnswered(result.mutual);
      } else {
        await declineInterest(person.userId);
        onAnswered(false);
      }
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) {
        // They left, blocked or were removed meanwhile: nothing to answer any more.
        toast.info(`${person.name} is no longer available`);
        onAnswered(false);
        return;
      }
      toast.error('Could not send your answer', 'Please try again.');
      setBusy(null);
    }
  }

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
          <h3 id={nameId} className="interest-card__name display">
            {person.name}
          </h3>
          {percent != null && (
            <span className={`badge badge--${percentTone(percent)}`} aria-label={`${percent}% compatible`}>
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
            onClick={() => void answer('yes')}
          >
            Interested too
          </Button>
          <Button
            variant="secondary"
            loading={busy === 'no'}
            disabled={busy !== null}
            aria-describedby={nameId}
            onClick={() => void answer('no')}
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
