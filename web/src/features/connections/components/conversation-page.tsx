import { useCallback, useRef } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { paths } from '@/app/paths';
import { buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ErrorCard } from '@/components/ui/error-card';
import { Page } from '@/components/ui/page';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { ApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/use-auth';
import { useDropConnection } from '@/lib/realtime/unread-count';
import { queryKeys } from '@/lib/query/query-keys';
import { useLoad } from '@/lib/query/use-load';
import { listConnections, type Connection } from '../api/connections';
import { getMessages, type MessagePage } from '../api/messages';
import { useConversation } from '../hooks/use-conversation';
import { useOwnEnd } from '../hooks/use-own-end';
import { Avatar } from './avatar';
import { ConversationOptions } from './conversation-options';
import { MessageComposer } from './message-composer';
import { MessageLog } from './message-log';
import './connections.css';

/**
 * /connections/:id — one conversation filling the screen (on phones, down to the tab bar): the header, the
 * messages, the composer.
 */
export function ConversationPage() {
  const { id = '' } = useParams();
  const { auth } = useAuth();
  const navigate = useNavigate();
  const dropConnection = useDropConnection();
  const myId = auth?.id ?? '';
  const ended = useRef(false);

  const query = useLoad(
    queryKeys.conversation(myId, id),
    async (signal) => {
      const [list, page] = await Promise.all([listConnections(signal), getMessages(id, undefined, signal)]);
      const connection = list.find((item) => item.id === id);
      if (!connection) throw new ApiError(404, 'Not Found', 'This conversation does not exist');
      return { connection, page };
    },
    // Loaded afresh on every visit: what is unread decides what this visit marks read.
    { gcTime: 0 },
  );

  /** Ended while open, by the other (an `ended` event or a 404): say so once, back to the list. */
  const onEnded = useCallback(() => {
    if (ended.current) return;
    ended.current = true;
    toast.info('This conversation has ended');
    dropConnection(id);
    void navigate(paths.connections, { replace: true });
  }, [navigate, dropConnection, id]);

  // Not one of the member's conversations (any more), or no conversation's id at all (the API's 400): the
  // same answer for both, and no 'Try again', which could never work.
  const missing =
    query.status === 'error' &&
    query.error instanceof ApiError &&
    (query.error.status === 404 || query.error.status === 400);

  return (
    <Page width="md" className="conversation-page">
      {query.status === 'loading' && (
        <div className="conversation__loading">
          <Spinner size="lg" label="Loading the conversation" />
        </div>
      )}
      {missing && (
        <div className="conversation__missing">
          <Card className="conversation__missing-card" padding="lg">
            <h1 className="conversation__missing-title">This conversation is not available.</h1>
            <p className="text-muted">It may have ended, or the link may be wrong.</p>
            <Link to={paths.connections} className={buttonClass('secondary')}>
              Back to Messages
            </Link>
          </Card>
        </div>
      )}
      {query.status === 'error' && !missing && (
        <div className="conversation__error">
          <ErrorCard title="We couldn’t load this conversation." error={query.error} onRetry={query.retry} />
        </div>
      )}
      {query.status === 'ready' && (
        <ConversationView
          key={id}
          connection={query.data.connection}
          page={query.data.page}
          myId={myId}
          onEnded={onEnded}
        />
      )}
    </Page>
  );
}

function ConversationView({
  connection,
  page,
  myId,
  onEnded,
}: {
  connection: Connection;
  page: MessagePage;
  myId: string;
  onEnded: () => void;
}) {
  const navigate = useNavigate();
  const dropConnection = useDropConnection();
  // The end this member causes (Unmatch, Block, Report) is told by its own toast, not as 'has ended'.
  const own = useOwnEnd(onEnded);
  const conversation = useConversation({
    connectionId: connection.id,
    myId,
    page,
    initiallyUnread: (connection.unread ?? 0) > 0,
    onEnded: own.onEnded,
  });
  const lastFromThem = [...conversation.messages].reverse().find((message) => message.senderId !== myId);

  return (
    <div className="conversation">
      <div className="conversation__header">
        <Link to={paths.connections} className="conversation__back" aria-label="Back to messages">
          <svg viewBox="0 0 20 20" aria-hidden="true" focusable="false">
            <path d="M12.5 4.5 7 10l5.5 5.5" />
          </svg>
        </Link>
        <Avatar url={connection.imageUrl} name={connection.name} size="sm" />
        <h1 className="conversation__name display">{connection.name}</h1>
        <ConversationOptions
          connectionId={connection.id}
          userId={connection.userId}
          name={connection.name}
          lastMessageFromThem={lastFromThem ?? null}
          onDone={() => {
            conversation.forgetUnsent();
            dropConnection(connection.id);
            void navigate(paths.connections, { replace: true });
          }}
          onEnded={own.onEnded}
          whileEnding={own.whileEnding}
        />
      </div>
      <MessageLog conversation={conversation} myId={myId} name={connection.name} />
      <MessageComposer onSend={conversation.send} />
    </div>
  );
}
