import type { Socket } from 'socket.io-client';
import { ApiError, refreshSession } from '@/lib/api-client';
import { authStore } from '@/lib/auth-store';

/** What the server pushes over Socket.IO (design.md, "Connections"). */
export interface ServerEvents {
  message: { connectionId: string; id: string; senderId: string; text: string; sentAt: string };
  /** `reopened`: a conversation back after the other's suspension was lifted, not a new one. */
  connection: { id: string; userId: string; name: string; reopened?: true };
  interest: { userId: string; name: string };
  read: { connectionId: string; messageId: string; readerId: string };
  ended: { connectionId: string };
}

/**
 * Ours, not the server's: the socket is back after a break. Anything may have happened meanwhile, so whoever shows
 * server state loads it again (a message is stored before it is pushed: the history has everything).
 */
export interface RealtimeEvents extends ServerEvents {
  resync: undefined;
}

export type RealtimeEvent = keyof RealtimeEvents;
type Listener<E extends RealtimeEvent> = (payload: RealtimeEvents[E]) => void;

const SERVER_EVENTS: (keyof ServerEvents)[] = ['message', 'connection', 'interest', 'read', 'ended'];
const SOCKET_PATH = '/api/socket.io';
/** After the server closed the socket: wait a little before asking again (it may have been a restart). */
const RECONNECT_AFTER_KICK_MS = 1000;
const RETRY_AFTER_REFUSAL_MS = 30_000;

const listeners = new Map<RealtimeEvent, Set<Listener<RealtimeEvent>>>();
let socket: Socket | null = null;
/** The account the socket belongs to; another account (or none) closes it. */
let socketUser: string | null = null;
let connecting: Promise<void> | null = null;
let refreshedSinceConnect = false;
let connectedBefore = false;

function dispatch<E extends RealtimeEvent>(event: E, payload: RealtimeEvents[E]): void {
  for (const listener of [...(listeners.get(event) ?? [])]) {
    try {
      (listener as Listener<E>)(payload);
    } catch (error) {
      // One broken screen must not keep the event from the others.
      console.error(error);
    }
  }
}

function hasListeners(): boolean {
  for (const set of listeners.values()) if (set.size > 0) return true;
  return false;
}

function disconnect(): void {
  socket?.removeAllListeners();
  socket?.disconnect();
  socket = null;
  socketUser = null;
  connecting = null;
  connectedBefore = false;
  refreshedSinceConnect = false;
}

/**
 * The access token is read on every (re)connection attempt, so a refreshed token is the one presented. A refusal
 * ('unauthorized': the token expired) refreshes the session once through the API client and tries again; a refused
 * refresh means the sign-in is over.
 */
function connect(userId: string): void {
  if (connecting || socket) return;
  socketUser = userId;
  // Loaded on demand: the Socket.IO client stays out of the first page load.
  const started = import('socket.io-client').then(({ io }) => {
    if (connecting !== started) return;
    const next = io({
      path: SOCKET_PATH,
      auth: (send) => send({ token: authStore.getState().auth?.accessToken ?? '' }),
    });
    socket = next;
    for (const event of SERVER_EVENTS) {
      next.on(event, (payload: ServerEvents[typeof event]) => dispatch(event, payload));
    }
    next.on('connect', () => {
      refreshedSinceConnect = false;
      if (connectedBefore) dispatch('resync', undefined);
      connectedBefore = true;
    });
    next.on('connect_error', (error: Error) => {
      if (error.message !== 'unauthorized' || socket !== next) return;
      if (refreshedSinceConnect) {
        // Refused even with a fresh token: try again later rather than in a tight loop.
        setTimeout(() => {
          if (socket !== next || next.connected) return;
          refreshedSinceConnect = false;
          next.connect();
        }, RETRY_AFTER_REFUSAL_MS);
        return;
      }
      refreshedSinceConnect = true;
      refreshSession().then(
        () => {
          if (socket === next) next.connect();
        },
        (refreshError: unknown) => {
          if (
            refreshError instanceof ApiError &&
            (refreshError.status === 401 || refreshError.status === 403)
          ) {
            authStore.clearAuth();
          }
        },
      );
    });
    next.on('disconnect', (reason) => {
      // The client reconnects by itself after a network break, but not after the server closed the socket.
      if (reason !== 'io server disconnect') return;
      setTimeout(() => {
        if (socket === next && !next.connected) next.connect();
      }, RECONNECT_AFTER_KICK_MS);
    });
  });
  connecting = started;
  started.catch((error: unknown) => {
    // The chunk could not load (offline): the next subscriber tries again.
    if (connecting === started) connecting = null;
    socketUser = null;
    console.error(error);
  });
}

/** Opens the socket when someone listens and a verified member is signed in; closes it on sign-out or a new account. */
function sync(): void {
  const auth = authStore.getState().auth;
  const userId = auth?.accessToken && auth.verification ? auth.id : null;
  if (socketUser && socketUser !== userId) disconnect();
  if (userId && hasListeners()) connect(userId);
}

authStore.subscribe(sync);

export const realtime = {
  /** Listens to a server event (or 'resync'); the socket opens on the first listener. Returns the unsubscribe. */
  on<E extends RealtimeEvent>(event: E, listener: Listener<E>): () => void {
    let set = listeners.get(event);
    if (!set) listeners.set(event, (set = new Set()));
    set.add(listener as Listener<RealtimeEvent>);
    sync();
    return () => {
      set.delete(listener as Listener<RealtimeEvent>);
    };
  },
  /**
   * Connects again with the current access token (a password change gave this tab a fresh sign-in): the
   * socket then belongs to it, and ends with it.
   */
  renew(): void {
    if (!socket) return;
    socket.disconnect();
    socket.connect();
  },
  /** Tests start from a closed socket and no listeners. */
  reset(): void {
    disconnect();
    listeners.clear();
  },
};
