import { useCallback, useEffect, useEffectEvent, useState } from 'react';
import { isAbortError } from './api-client';

export type RequestState<T> =
  { status: 'loading' } | { status: 'error'; error: unknown; retry(): void } | { status: 'ready'; data: T };

/**
 * Loads `load` once per `key` (and again on `retry()`), aborting the request in flight when the key changes or the
 * component unmounts. A cancelled request is not a failure: it never reaches the error state.
 *
 * `key` names everything the request depends on (e.g. the user id); `load` may be a fresh closure on every render,
 * only a new key or a retry starts a new request.
 */
export function useRequest<T>(key: string, load: (signal: AbortSignal) => Promise<T>): RequestState<T> {
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  // Each answer is tagged with the request it belongs to; anything older reads as still loading, so a new key
  // never shows the previous key's data or error.
  const requestKey = `${key}#${attempt}`;
  const [settled, setSettled] = useState<{ requestKey: string; state: RequestState<T> } | null>(null);
  const start = useEffectEvent((signal: AbortSignal) => load(signal));

  useEffect(() => {
    const controller = new AbortController();
    start(controller.signal).then(
      (data) => {
        // A superseded request that answers late must not overwrite the answer of the one that replaced it.
        if (!controller.signal.aborted) setSettled({ requestKey, state: { status: 'ready', data } });
      },
      (error: unknown) => {
        if (controller.signal.aborted || isAbortError(error)) return;
        setSettled({ requestKey, state: { status: 'error', error, retry } });
      },
    );
    return () => controller.abort();
  }, [requestKey, retry]);

  return settled?.requestKey === requestKey ? settled.state : { status: 'loading' };
}
