import { notifyManager, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { queryKeys } from '@/lib/query/query-keys';
import { useRefreshConnections } from '@/lib/realtime/unread-count';
import { useRealtime } from '@/lib/realtime/use-realtime';
import type { Message } from '../api/connections';
import { getMessages, markRead, sendMessage, type MessagePage } from '../api/messages';
import { newClientId } from '../utils/client-id';
import { readUnsent, writeUnsent } from '../utils/unsent-messages';

/**
 * A message typed here that the server has not stored yet: on its way, or failed. A failure the network or a
 * limit caused may be retried ('Retry' sends it again); one the server refused (400) never goes through, so
 * it can only be removed. `problem`: what the member is told about the failure, if more than 'Not sent'.
 */
export interface PendingMessage {
  clientId: string;
  text: string;
  status: 'sending' | 'failed';
  retryable?: boolean;
  problem?: string;
}

export const SENDING_TOO_FAST = "You're sending messages too fast. Wait a moment, then retry.";

/** How a failed send is shown: refused for good (400), held back by the limit (429), or anything else. */
function failure(error: unknown): Pick<PendingMessage, 'retryable' | 'problem'> {
  if (error instanceof ApiError && error.status === 400) return { retryable: false, problem: error.message };
  if (error instanceof ApiError && error.status === 429)
    return { retryable: true, problem: SENDING_TOO_FAST };
  return { retryable: true };
}

export interface Conversation {
  messages: Message[];
  pending: PendingMessage[];
  /** Older messages exist beyond the first one shown. */
  more: boolean;
  loadingOlder: boolean;
  olderFailed: boolean;
  /** The newest message the other member has read (from the `read` event). */
  seenId: string | null;
  send(text: string): void;
  retry(clientId: string): void;
  /** Drops a failed message the server refused. */
  discard(clientId: string): void;
  /** The conversation ends here (unmatch, block, report): what waits to be sent goes with it. */
  forgetUnsent(): void;
  /** Whether the newest messages are on screen: only then is what the other sent marked read ('Seen'). */
  showingNewest(inView: boolean): void;
  loadOlder(): void;
}

/** Adds messages not yet known (the socket and the POST answer may both bring the same one), in the order sent. */
function merge(known: Message[], incoming: Message[]): Message[] {
  const ids = new Set(known.map((message) => message.id));
  const added = incoming.filter((message) => !ids.has(message.id));
  if (added.length === 0) return known;
  return [...known, ...added].sort((a, b) => a.sentAt.localeCompare(b.sentAt));
}

/**
 * One conversation's messages: the newest page first, older pages on demand, new ones from the socket, sending with
 * a `clientId` that a retry reuses (the server stores a message once, however often it is sent), and read marks
 * both ways. `onEnded`: the other unmatched, blocked or left (an `ended` event, or a 404 from any call).
 */
export function useConversation({
  connectionId,
  myId,
  page,
  initiallyUnread,
  onEnded,
}: {
  connectionId: string;
  myId: string;
  /** The messages known so far, as cached under the conversation's key (every new one is merged in there). */
  page: MessagePage;
  initiallyUnread: boolean;
  onEnded: () => void;
}): Conversation {
  const queryClient = useQueryClient();
  const refreshConnections = useRefreshConnections();
  const { messages, more } = page;
  /**
   * Merges messages into the cached history. The cache reaches the screen on its next notification, so `andThen`
   * (the bubble that was on its way leaving) joins that notification: one render, never a frame without either.
   */
  const addMessages = useCallback(
    (incoming: Message[], { olderMore, andThen }: { olderMore?: boolean; andThen?: () => void } = {}) =>
      notifyManager.batch(() => {
        queryClient.setQueryData<{ page: MessagePage }>(queryKeys.conversation(myId, connectionId), (data) =>
          data
            ? {
                ...data,
                page: { messages: merge(data.page.messages, incoming), more: olderMore ?? data.page.more },
              }
            : data,
        );
        if (andThen) notifyManager.schedule(andThen);
      }),
    [queryClient, myId, connectionId],
  );
  // What a reload interrupted or left 'Not sent' is sent again on opening (see unsent-messages.ts).
  const [restored] = useState(() => readUnsent(myId, connectionId));
  const [pending, setPending] = useState<PendingMessage[]>(() =>
    restored.map(({ clientId, text }) => ({ clientId, text, status: 'sending' })),
  );
  useEffect(
    () =>
      writeUnsent(
        myId,
        connectionId,
        pending.filter((item) => item.status === 'sending' || item.retryable !== false),
      ),
    [myId, connectionId, pending],
  );
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [olderFailed, setOlderFailed] = useState(false);
  const [seenId, setSeenId] = useState<string | null>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const forgetUnsent = useCallback(() => writeUnsent(myId, connectionId, []), [myId, connectionId]);
  /** An ended conversation takes nothing more: what waits to be sent is dropped with it. */
  const ended = useCallback(() => {
    forgetUnsent();
    if (mounted.current) onEnded();
  }, [forgetUnsent, onEnded]);
  const endIfGone = useCallback(
    (error: unknown): boolean => {
      if (error instanceof ApiError && error.status === 404) {
        ended();
        return true;
      }
      return false;
    },
    [ended],
  );

  // --- Reading: mark the newest message read while it is on screen (the page visible, the log at its end). ---
  const lastMarked = useRef<string | null>(null);
  const [unreadFromOther, setUnreadFromOther] = useState(initiallyUnread);
  const [newestInView, showingNewest] = useState(true);
  const newest = messages[messages.length - 1];
  useEffect(() => {
    if (!unreadFromOther || !newest || !newestInView) return;
    const mark = () => {
      if (document.visibilityState === 'hidden' || lastMarked.current === newest.id) return;
      lastMarked.current = newest.id;
      setUnreadFromOther(false);
      markRead(connectionId, newest.id).then(refreshConnections, (error: unknown) => {
        if (!endIfGone(error)) lastMarked.current = null;
      });
    };
    mark();
    document.addEventListener('visibilitychange', mark);
    return () => document.removeEventListener('visibilitychange', mark);
  }, [unreadFromOther, newestInView, newest, connectionId, endIfGone, refreshConnections]);

  // --- Live: new messages, read marks, the end. ---
  useRealtime('message', (event) => {
    if (event.connectionId !== connectionId) return;
    const { id, senderId, text, sentAt } = event;
    if (senderId === myId) {
      // Sent from here: the POST's own answer may still be on its way; the bubble must not show twice.
      addMessages([{ id, senderId, text, sentAt }], {
        andThen: () =>
          setPending((items) => {
            const at = items.findIndex((item) => item.status === 'sending' && item.text === text);
            return at === -1 ? items : items.filter((_, i) => i !== at);
          }),
      });
    } else {
      addMessages([{ id, senderId, text, sentAt }]);
      setUnreadFromOther(true);
    }
  });
  useRealtime('read', (event) => {
    if (event.connectionId === connectionId && event.readerId !== myId) setSeenId(event.messageId);
  });
  useRealtime('ended', (event) => {
    if (event.connectionId === connectionId) ended();
  });
  useRealtime('resync', () => {
    // Back after a break: whatever was sent meanwhile is in the newest page.
    getMessages(connectionId).then((page) => {
      if (!mounted.current) return;
      addMessages(page.messages);
      if (page.messages.some((message) => message.senderId !== myId)) setUnreadFromOther(true);
    }, endIfGone);
  });

  // --- Sending. ---
  const deliver = useCallback(
    (item: PendingMessage): Promise<void> =>
      sendMessage(connectionId, { text: item.text, clientId: item.clientId }).then(
        (message) => {
          if (!mounted.current) return;
          addMessages([message], {
            andThen: () => setPending((items) => items.filter((other) => other.clientId !== item.clientId)),
          });
        },
        (error: unknown) => {
          if (endIfGone(error) || !mounted.current) return;
          setPending((items) =>
            items.map((other) =>
              other.clientId === item.clientId ? { ...other, status: 'failed', ...failure(error) } : other,
            ),
          );
        },
      ),
    [connectionId, endIfGone, addMessages],
  );

  const restoredSent = useRef(false);
  useEffect(() => {
    if (restoredSent.current) return;
    restoredSent.current = true;
    // One after another, so they are stored in the order they were typed.
    void restored.reduce<Promise<void>>(
      (previous, { clientId, text }) => previous.then(() => deliver({ clientId, text, status: 'sending' })),
      Promise.resolve(),
    );
  }, [restored, deliver]);

  const send = useCallback(
    (text: string) => {
      const item: PendingMessage = { clientId: newClientId(), text, status: 'sending' };
      setPending((items) => [...items, item]);
      void deliver(item);
    },
    [deliver],
  );

  const retry = useCallback(
    (clientId: string) => {
      const item = pending.find((other) => other.clientId === clientId);
      if (!item || item.status !== 'failed' || item.retryable === false) return;
      const again: PendingMessage = { clientId: item.clientId, text: item.text, status: 'sending' };
      setPending((items) => items.map((other) => (other.clientId === clientId ? again : other)));
      void deliver(again);
    },
    [pending, deliver],
  );

  const discard = useCallback((clientId: string) => {
    setPending((items) => items.filter((item) => item.clientId !== clientId || item.status !== 'failed'));
  }, []);

  // --- History. ---
  const oldest = messages[0]?.id;
  const loadOlder = useCallback(() => {
    if (!more || loadingOlder || !oldest) return;
    setLoadingOlder(true);
    setOlderFailed(false);
    getMessages(connectionId, oldest).then(
      (page) => {
        if (!mounted.current) return;
        addMessages(page.messages, { olderMore: page.more });
        setLoadingOlder(false);
      },
      (error: unknown) => {
        if (endIfGone(error) || !mounted.current) return;
        setOlderFailed(true);
        setLoadingOlder(false);
      },
    );
  }, [connectionId, more, loadingOlder, oldest, endIfGone, addMessages]);

  return {
    messages,
    pending,
    more,
    loadingOlder,
    olderFailed,
    seenId,
    send,
    retry,
    discard,
    forgetUnsent,
    showingNewest,
    loadOlder,
  };
}
