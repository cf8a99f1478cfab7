import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { isAbortError } from '@/lib/api-client';
import type { RequestState } from '@/lib/use-request';

export interface LiveRequest<T> {
  state: RequestState<T>;
  /** Loads again in the background: the data on screen stays until the new answer replaces it. */
  refresh(): void;
  /** Changes the data on screen at once (an answered card leaves before the server is asked again). */
  update(change: (data: T) => T): void;
}

/**
 * useRequest for screens the socket keeps fresh: the first load shows loading and error states, later loads
 * (`refresh`, after an event) happen quietly; a failed quiet load keeps what is shown.
 */
export function useLiveRequest<T>(key: string, load: (signal: AbortSignal) => Promise<T>): LiveRequest<T> {
  const [state, setState] = useState<{ key: string; value: RequestState<T> } | null>(null);
  const [attempt, setAttempt] = useState(0);
  const controller = useRef<AbortController | null>(null);
  // The latest `load`, for refreshes started by socket events long after the render that made it.
  const latestLoad = useRef(load);
  useLayoutEffect(() => {
    latestLoad.current = load;
  });
  const retry = useCallback(() => {
    setState(null);
    setAttempt((n) => n + 1);
  }, []);

  const start = useCallback(
    (quiet: boolean) => {
      controller.current?.abort();
      const next = new AbortController();
      controller.current = next;
      latestLoad.current(next.signal).then(
        (data) => {
          if (!next.signal.aborted) setState({ key, value: { status: 'ready', data } });
        },
        (error: unknown) => {
          if (next.signal.aborted || isAbortError(error)) return;
          setState((previous) =>
            quiet && previous?.key === key && previous.value.status === 'ready'
              ? previous
              : { key, value: { status: 'error', error, retry } },
          );
        },
      );
    },
    [key, retry],
  );

  useEffect(() => {
    start(false);
    return () => controller.current?.abort();
  }, [start, attempt]);

  const refresh = useCallback(() => start(true), [start]);
  const update = useCallback(
    (change: (data: T) => T) =>
      setState((previous) =>
        previous?.key === key && previous.value.status === 'ready'
          ? { key, value: { status: 'ready', data: change(previous.value.data) } }
          : previous,
      ),
    [key],
  );

  return { state: state?.key === key ? state.value : { status: 'loading' }, refresh, update };
}
