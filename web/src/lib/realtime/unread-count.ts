import { useEffect, useSyncExternalStore } from 'react';
import { api } from '@/lib/api-client';
import { authStore } from '@/lib/auth-store';
import { realtime } from './realtime';

/** Several events in a burst (a conversation catching up) make one request. */
const REFRESH_DELAY_MS = 250;

let count = 0;
let owner: string | null = null;
let timer: ReturnType<typeof setTimeout> | null = null;
let inFlight: AbortController | null = null;
const subscribers = new Set<() => void>();

function set(next: number): void {
  if (next === count) return;
  count = next;
  for (const subscriber of subscribers) subscriber();
}

/** GET /connections and add up `unread`; a failure keeps the last count (the badge is a hint, not the data). */
async function load(): Promise<void> {
  const auth = authStore.getState().auth;
  if (!auth?.accessToken || !auth.verification) {
    set(0);
    return;
  }
  inFlight?.abort();
  const controller = new AbortController();
  inFlight = controller;
  try {
    const list = await api.get<{ unread?: unknown }[]>('/connections', { signal: controller.signal });
    if (controller.signal.aborted || authStore.getState().auth?.id !== auth.id) return;
    set(
      Array.isArray(list)
        ? list.reduce((sum, item) => sum + (typeof item.unread === 'number' ? item.unread : 0), 0)
        : 0,
    );
  } catch {
    // Kept as it was.
  } finally {
    if (inFlight === controller) inFlight = null;
  }
}

/** Asks the server again soon: after a message arrives, a conversation ends, or this member read something. */
export function refreshUnreadCount(): void {
  if (timer) clearTimeout(timer);
  timer = setTimeout(() => {
    timer = null;
    void load();
  }, REFRESH_DELAY_MS);
}

function onAuthChange(): void {
  const id = authStore.getState().auth?.id ?? null;
  if (id === owner) return;
  owner = id;
  set(0);
  if (id && subscribers.size > 0) refreshUnreadCount();
}

authStore.subscribe(onAuthChange);

function subscribe(subscriber: () => void): () => void {
  subscribers.add(subscriber);
  return () => subscribers.delete(subscriber);
}

const EVENTS = ['message', 'connection', 'ended', 'resync'] as const;

/**
 * How many messages the signed-in member has not read, over all conversations (the sum of `unread` in
 * GET /connections), kept fresh by the socket.
 */
export function useUnreadCount(enabled: boolean): number {
  const value = useSyncExternalStore(
    subscribe,
    () => count,
    () => 0,
  );
  useEffect(() => {
    if (!enabled) return;
    owner = authStore.getState().auth?.id ?? null;
    void load();
    const offs = EVENTS.map((event) => realtime.on(event, refreshUnreadCount));
    return () => offs.forEach((off) => off());
  }, [enabled]);
  return enabled ? value : 0;
}

/** Tests start from zero. */
export function resetUnreadCount(): void {
  if (timer) clearTimeout(timer);
  timer = null;
  inFlight?.abort();
  inFlight = null;
  owner = null;
  count = 0;
}
