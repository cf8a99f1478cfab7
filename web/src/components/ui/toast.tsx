import { useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import './toast.css';

export type ToastKind = 'success' | 'error' | 'info' | 'loading';

export interface ToastItem {
  id: string;
  kind: ToastKind;
  title: string;
  description?: string;
  /** performance.now() when shown. */
  shownAt: number;
}

const DURATION_MS: Record<ToastKind, number> = { success: 4000, info: 4500, error: 6000, loading: 0 };
const MAX_VISIBLE = 4;

let toasts: ToastItem[] = [];
const listeners = new Set<() => void>();
const timers = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

function emit(next: ToastItem[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

function dismiss(id?: string) {
  if (id === undefined) {
    timers.forEach(clearTimeout);
    timers.clear();
    emit([]);
    return;
  }
  clearTimeout(timers.get(id));
  timers.delete(id);
  emit(toasts.filter((item) => item.id !== id));
}

/**
 * Errors about something the user has since fixed would contradict the screen: forms clear them on a new try.
 * `shownBefore`: only those shown before that moment (the app moved to another page: an error of the page left
 * goes, one that came with the move stays).
 */
function dismissErrors(shownBefore = Infinity) {
  const errors = toasts.filter((item) => item.kind === 'error' && item.shownAt < shownBefore);
  if (errors.length === 0) return;
  for (const { id } of errors) {
    clearTimeout(timers.get(id));
    timers.delete(id);
  }
  const gone = new Set(errors);
  emit(toasts.filter((item) => !gone.has(item)));
}

function show(kind: ToastKind, title: string, description?: string): string {
  const id = `toast-${++counter}`;
  emit([...toasts, { id, kind, title, description, shownAt: performance.now() }].slice(-MAX_VISIBLE));
  const duration = DURATION_MS[kind];
  if (duration > 0)
    timers.set(
      id,
      setTimeout(() => dismiss(id), duration),
    );
  return id;
}

/** Imperative toasts usable from anywhere (event handlers, API callbacks). */
export const toast = {
  success: (title: string, description?: string) => show('success', title, description),
  error: (title: string, description?: string) => show('error', title, description),
  info: (title: string, description?: string) => show('info', title, description),
  /** Stays until dismissed: `const id = toast.loading('Saving...'); … toast.dismiss(id)`. */
  loading: (title: string, description?: string) => show('loading', title, description),
  dismiss,
  dismissErrors,
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const snapshot = () => toasts;

const ICONS: Record<ToastKind, string> = { success: '✓', error: '!', info: 'i', loading: '' };

/**
 * Mounted once at the app root. Rendered into <body> beside the app so toasts stay reachable while a
 * modal dialog makes the app inert. Errors are announced assertively, everything else politely.
 */
export function Toaster() {
  const items = useSyncExternalStore(subscribe, snapshot, snapshot);
  return createPortal(
    <div
      className="toaster"
      aria-live="polite"
      aria-relevant="additions text"
      role="region"
      // Not 'Notifications': Settings has a section of that name, and two landmarks must not share one.
      aria-label="Status updates"
    >
      {items.map((item) => (
        <div
          key={item.id}
          className={`toast toast--${item.kind}`}
          role={item.kind === 'error' ? 'alert' : 'status'}
          data-testid="toast"
        >
          <span className="toast__icon" aria-hidden="true">
            {item.kind === 'loading' ? <span className="toast__spinner" /> : ICONS[item.kind]}
          </span>
          <div className="toast__body">
            <p className="toast__title">{item.title}</p>
            {item.description ? <p className="toast__description">{item.description}</p> : null}
          </div>
          <button
            type="button"
            className="toast__close"
            aria-label="Dismiss notification"
            onClick={() => dismiss(item.id)}
          >
            ×
          </button>
        </div>
      ))}
    </div>,
    document.body,
  );
}
