import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { buttonClass } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { useAuth } from '@/lib/auth/use-auth';
import { useAction } from '@/lib/query/use-action';
import { expressInterest, withdrawInterest, type Interest } from '../api/express-interest';
import { useMatchesCache } from '../api/request-matches';
import './interest-button.css';

/**
 * 'I'm interested' on a match card: a toggle (the other sees it at once under 'Interested in you', with this
 * member's card; it can be taken back until it is mutual). Once it is mutual, from this answer or live from
 * the socket, the card offers 'Say hello'.
 */
export function InterestButton({
  userId,
  name,
  interest = 'none',
  connectionId,
  onGone,
}: {
  userId: string;
  name: string;
  interest?: Interest;
  connectionId?: string | null;
  /** They are no longer there (blocked, left): the card goes. */
  onGone: () => void;
}) {
  const { auth } = useAuth();
  const cache = useMatchesCache(auth?.id ?? '');
  const toggle = useAction({
    run: (pressed: boolean) =>
      pressed ? withdrawInterest(userId).then(() => null) : expressInterest(userId),
    failure: 'Could not save that',
    onSuccess: (answer) => {
      if (!answer) cache.setInterest(userId, 'none', null);
      else if (answer.mutual) cache.setInterest(userId, 'mutual', answer.connectionId ?? null);
      else cache.setInterest(userId, 'sent', null);
    },
    onGone: () => {
      toast.info(`${name} is no longer available`);
      onGone();
    },
  });
  const busy = toggle.isPending;
  const state = { interest, connectionId: connectionId ?? null };

  if (state.interest === 'mutual') {
    return (
      <div className="interest interest--mutual" role="status">
        <p className="interest__mutual">
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M12 20s-7-4.35-7-10a4 4 0 0 1 7-2.65A4 4 0 0 1 19 10c0 5.65-7 10-7 10z" />
          </svg>
          It's mutual!
        </p>
        {state.connectionId ? (
          <Link to={paths.connection(state.connectionId)} className={buttonClass('primary')}>
            Say hello
          </Link>
        ) : (
          <Link to={paths.connections} className={buttonClass('primary')}>
            Say hello
          </Link>
        )}
      </div>
    );
  }

  const pressed = state.interest === 'sent';
  return (
    <div className="interest">
      <button
        type="button"
        className={`interest__toggle${pressed ? ' interest__toggle--on' : ''}`}
        aria-pressed={pressed}
        aria-busy={busy || undefined}
        onClick={() => !busy && toggle.mutate(pressed)}
      >
        {busy ? (
          <Spinner size="sm" label="" />
        ) : (
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M12 20s-7-4.35-7-10a4 4 0 0 1 7-2.65A4 4 0 0 1 19 10c0 5.65-7 10-7 10z" />
          </svg>
        )}
        I'm interested
      </button>
      <p className="interest__hint">
        {pressed
          ? `${name} can see your interest. If they're interested too, you can talk.`
          : `${name} will see your interest under 'Interested in you'.`}
      </p>
    </div>
  );
}
