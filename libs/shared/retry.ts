import pRetry from 'p-retry';

/** How often and how patiently to try again: `retries` more attempts, the first after `firstDelayMs`, each next pause `factor` times longer. */
export interface RetryPolicy {
  retries: number;
  firstDelayMs: number;
  factor: number;
}

export interface RetryHooks {
  /** Hears every failed attempt; `retryInMs` is undefined when none follows. Throwing ends the retries with that error. */
  onFailure?(error: unknown, attempt: number, retryInMs: number | undefined): void;
  /** Aborting it ends a pause at once: the call then rejects with the last attempt's error. */
  signal?: AbortSignal;
}

/** Carries what an attempt threw through p-retry, which would not retry a TypeError or a non-Error. */
class AttemptFailed extends Error {
  constructor(readonly reason: unknown) {
    super('attempt failed');
  }
}

/**
 * Runs `work` until it succeeds or the policy's retries are spent, then rejects with the last error it
 * threw. Every failure is retried alike (with PGlite and pg, a broken connection can surface as a
 * TypeError). With an aborted `signal` from the start, `work` runs once.
 */
export async function retrying<T>(
  work: (attempt: number) => Promise<T>,
  policy: RetryPolicy,
  { onFailure, signal }: RetryHooks = {},
): Promise<T> {
  let succeeded: { value: T } | undefined;
  let lastFailure: unknown;
  try {
    return await pRetry(
      async (attempt) => {
        try {
          succeeded = { value: await work(attempt) };
          return succeeded.value;
        } catch (error) {
          lastFailure = error;
          throw new AttemptFailed(error);
        }
      },
      {
        retries: signal?.aborted ? 0 : policy.retries,
        minTimeout: policy.firstDelayMs,
        factor: policy.factor,
        signal: signal?.aborted ? undefined : signal,
        onFailedAttempt: ({ error, attemptNumber, retriesLeft, retryDelay }) =>
          onFailure?.(
            error instanceof AttemptFailed ? error.reason : error,
            attemptNumber,
            retriesLeft > 0 ? retryDelay : undefined,
          ),
      },
    );
  } catch (error) {
    // p-retry rejects once the signal is aborted, even after an attempt that had just succeeded.
    if (succeeded) return succeeded.value;
    if (error instanceof AttemptFailed) throw error.reason;
    if (signal?.aborted && error === signal.reason && lastFailure !== undefined) throw lastFailure;
    throw error;
  }
}
