import { useCallback, useEffect, useLayoutEffect, useRef, useState, type UIEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import type { Message } from '../api/connections';
import type { Conversation, PendingMessage } from '../hooks/use-conversation';
import { formatFull, formatWhen } from '../utils/format-time';

/** How close to the top a scroll loads older messages, and to the bottom counts as "reading the newest". */
const LOAD_OLDER_WITHIN_PX = 48;
const STICK_TO_BOTTOM_WITHIN_PX = 120;

/**
 * The messages in a `role="log"` region (new ones are announced politely). Text is shown as text, never as
 * HTML; line breaks are kept by CSS. Scrolling to the top (or the button there) loads older messages without
 * moving what is on screen.
 */
export function MessageLog({
  conversation,
  myId,
  name,
}: {
  conversation: Conversation;
  myId: string;
  name: string;
}) {
  const {
    messages,
    pending,
    more,
    loadingOlder,
    olderFailed,
    seenId,
    loadOlder,
    retry,
    discard,
    showingNewest,
  } = conversation;
  /** Messages from the other arrived below while the reader was further up: a button takes them there. */
  const [newBelow, setNewBelow] = useState(false);
  const logRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const atBottom = useRef(true);
  const before = useRef<{ oldest: string | undefined; count: number; height: number; top: number }>({
    oldest: undefined,
    count: 0,
    height: 0,
    top: 0,
  });

  const oldest = messages[0]?.id;
  const total = messages.length + pending.length;

  // Keep the reader's place: older messages above keep what is on screen still; new ones below follow the
  // reader only if they were at the bottom (or sent them).
  useLayoutEffect(() => {
    const log = logRef.current;
    if (!log) return;
    const previous = before.current;
    if (previous.count === 0) {
      log.scrollTop = log.scrollHeight;
    } else if (oldest !== previous.oldest && total > previous.count) {
      log.scrollTop = previous.top + (log.scrollHeight - previous.height);
    } else if (total > previous.count && atBottom.current) {
      log.scrollTop = log.scrollHeight;
    } else if (total > previous.count && messages[messages.length - 1]?.senderId !== myId) {
      setNewBelow(true);
    }
    before.current = { oldest, count: total, height: log.scrollHeight, top: log.scrollTop };
  }, [oldest, total, messages, myId]);

  /** Whether the newest messages are on screen now, told to the conversation (it marks them read then). */
  const measure = useCallback(
    (log: HTMLDivElement) => {
      const bottom = log.scrollHeight - log.scrollTop - log.clientHeight < STICK_TO_BOTTOM_WITHIN_PX;
      if (bottom !== atBottom.current) showingNewest(bottom);
      if (bottom) setNewBelow(false);
      atBottom.current = bottom;
    },
    [showingNewest],
  );

  // Whatever changes the log's size while the newest message is in view (the phone's keyboard opening, a
  // font arriving, a long message wrapping) keeps it in view; a log grown tall enough to show the newest
  // without a scroll (the keyboard closing) counts as showing them.
  useEffect(() => {
    const log = logRef.current;
    if (!log || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (atBottom.current) log.scrollTop = log.scrollHeight;
      else measure(log);
    });
    observer.observe(log);
    if (listRef.current) observer.observe(listRef.current);
    return () => observer.disconnect();
  }, [measure]);

  const sentPending = pending.length;
  useLayoutEffect(() => {
    // Sending always shows the message being sent.
    const log = logRef.current;
    if (log && sentPending > 0) log.scrollTop = log.scrollHeight;
  }, [sentPending]);

  function onScroll(event: UIEvent<HTMLDivElement>) {
    const log = event.currentTarget;
    measure(log);
    before.current = { ...before.current, top: log.scrollTop, height: log.scrollHeight };
    if (log.scrollTop < LOAD_OLDER_WITHIN_PX && more && !loadingOlder && !olderFailed) loadOlder();
  }

  // 'Seen' goes under my newest message once the other has read it (or anything after it).
  const seenAt = seenId ? messages.findIndex((message) => message.id === seenId) : -1;
  let myLast = -1;
  for (let i = messages.length - 1; i >= 0; i--) {
    if (messages[i]!.senderId === myId) {
      myLast = i;
      break;
    }
  }
  const showSeenAt = myLast !== -1 && seenAt >= myLast ? myLast : -1;
  const firstName = name.trim().split(/\s+/)[0]!;

  return (
    <div
      ref={logRef}
      className="message-log"
      role="log"
      aria-live="polite"
      aria-label={`Messages with ${name}`}
      tabIndex={0}
      onScroll={onScroll}
    >
      <div className="message-log__older">
        {loadingOlder ? (
          <Spinner label="Loading earlier messages" />
        ) : more ? (
          <Button variant="ghost" size="sm" onClick={loadOlder}>
            Load earlier messages
          </Button>
        ) : messages.length > 0 ? (
          <p className="message-log__start text-muted">This is the start of your conversation.</p>
        ) : null}
        {olderFailed && !loadingOlder ? (
          <p className="text-muted text-small">Earlier messages could not be loaded.</p>
        ) : null}
      </div>
      {messages.length === 0 && pending.length === 0 ? (
        <div className="message-log__empty">
          <p className="message-log__empty-title">You're connected with {name}!</p>
          <p className="text-muted">Say hello: the first message is the hardest.</p>
        </div>
      ) : null}
      <ol ref={listRef} className="message-log__list">
        {messages.map((message, index) => (
          <MessageBubble
            key={message.id}
            message={message}
            mine={message.senderId === myId}
            seen={index === showSeenAt}
            from={firstName}
          />
        ))}
        {pending.map((item) => (
          <PendingBubble
            key={item.clientId}
            item={item}
            onRetry={() => {
              // The Retry button goes with the retry: its focus stays in the conversation, on the log.
              logRef.current?.focus({ preventScroll: true });
              retry(item.clientId);
            }}
            onRemove={() => {
              logRef.current?.focus({ preventScroll: true });
              discard(item.clientId);
            }}
          />
        ))}
      </ol>
      {newBelow ? (
        <button
          type="button"
          className="message-log__new"
          onClick={() => {
            const log = logRef.current;
            if (!log) return;
            log.scrollTop = log.scrollHeight;
            // Already there (nothing to scroll, so no scroll event): say so now.
            measure(log);
          }}
        >
          New messages <span aria-hidden="true">↓</span>
        </button>
      ) : null}
    </div>
  );
}

/** `from`: the other member's first name, read out before their messages as 'You' is before one's own. */
function MessageBubble({
  message,
  mine,
  seen,
  from,
}: {
  message: Message;
  mine: boolean;
  seen: boolean;
  from: string;
}) {
  return (
    <li className={`message ${mine ? 'message--mine' : 'message--theirs'}`}>
      <p className="message__bubble">
        {mine || from ? <span className="sr-only">{mine ? 'You' : from}: </span> : null}
        <span className="message__text">{message.text}</span>
      </p>
      <p className="message__meta">
        <time dateTime={message.sentAt} title={formatFull(message.sentAt)}>
          {formatWhen(message.sentAt)}
        </time>
        {seen ? <span className="message__seen">Seen</span> : null}
      </p>
    </li>
  );
}

function PendingBubble({
  item,
  onRetry,
  onRemove,
}: {
  item: PendingMessage;
  onRetry: () => void;
  onRemove: () => void;
}) {
  const failed = item.status === 'failed';
  return (
    <li className={`message message--mine${failed ? ' message--failed' : ' message--sending'}`}>
      <p className="message__bubble">
        <span className="sr-only">You: </span>
        <span className="message__text">{item.text}</span>
      </p>
      <p className="message__meta">
        {failed ? (
          <>
            <span className="message__status" role="status">
              <span className="message__failed">Not sent</span>
              {item.problem ? <span className="message__problem">{item.problem}</span> : null}
            </span>
            {item.retryable === false ? (
              <button type="button" className="message__retry" onClick={onRemove}>
                Remove
              </button>
            ) : (
              <button type="button" className="message__retry" onClick={onRetry}>
                Retry
              </button>
            )}
          </>
        ) : (
          <span>Sending…</span>
        )}
      </p>
    </li>
  );
}
