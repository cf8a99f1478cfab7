import { useId } from 'react';
import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ErrorCard } from '@/components/ui/error-card';
import type { Connection } from '../api/connections';
import type { LoadState } from '@/lib/query/use-load';
import { formatFull, formatWhen } from '../utils/format-time';
import { Avatar } from './avatar';

const lastActivity = (connection: Connection) => connection.lastMessage?.sentAt ?? connection.connectedAt;

/** The member's conversations, most recent activity first: photo, name, last message and what is unread. */
export function ConversationList({ state, myId }: { state: LoadState<Connection[]>; myId: string }) {
  const headingId = useId();
  return (
    <section className="conversations" aria-labelledby={headingId}>
      <h2 id={headingId} className="connections__heading">
        Conversations
      </h2>
      {state.status === 'loading' && <ListSkeleton />}
      {state.status === 'error' && (
        <ErrorCard title="We couldn’t load your conversations." error={state.error} onRetry={state.retry} />
      )}
      {state.status === 'ready' &&
        (state.data.length === 0 ? (
          <Card className="conversations__empty" padding="lg">
            <p className="conversations__empty-text">No conversations yet.</p>
            <p className="text-muted">
              When you and one of your matches are both interested, you can talk here.
            </p>
            <Link to={paths.match} className={buttonClass('secondary')}>
              See today’s matches
            </Link>
          </Card>
        ) : (
          <ul className="conversations__list">
            {[...state.data]
              .sort((a, b) => lastActivity(b).localeCompare(lastActivity(a)))
              .map((connection) => (
                <li key={connection.id}>
                  <ConversationRow connection={connection} myId={myId} />
                </li>
              ))}
          </ul>
        ))}
    </section>
  );
}

function ConversationRow({ connection, myId }: { connection: Connection; myId: string }) {
  const unread = connection.unread ?? 0;
  const last = connection.lastMessage;
  const preview = last
    ? `${last.senderId === myId ? 'You: ' : ''}${last.text}`
    : 'New connection. Say hello!';
  const when = lastActivity(connection);
  return (
    <Link
      to={paths.connection(connection.id)}
      className={['conversation-row', unread > 0 && 'conversation-row--unread'].filter(Boolean).join(' ')}
    >
      <Avatar url={connection.imageUrl} name={connection.name} />
      <span className="conversation-row__main">
        <span className="conversation-row__top">
          <span className="conversation-row__name">{connection.name}</span>
          <time className="conversation-row__time" dateTime={when} title={formatFull(when)}>
            {formatWhen(when)}
          </time>
        </span>
        <span className="conversation-row__bottom">
          <span className={['conversation-row__preview', !last && 'text-muted'].filter(Boolean).join(' ')}>
            {preview}
          </span>
          {unread > 0 && (
            <span className="conversation-row__unread">
              {unread}
              <span className="sr-only"> unread</span>
            </span>
          )}
        </span>
      </span>
    </Link>
  );
}

function ListSkeleton() {
  return (
    <div className="conversations__skeleton" aria-busy="true" aria-label="Loading conversations">
      {[0, 1, 2].map((i) => (
        <div key={i} className="conversations__skeleton-row">
          <div className="skeleton avatar avatar--md" />
          <div className="conversations__skeleton-lines">
            <div className="skeleton conversations__skeleton-line" />
            <div className="skeleton conversations__skeleton-line conversations__skeleton-line--short" />
          </div>
        </div>
      ))}
    </div>
  );
}
