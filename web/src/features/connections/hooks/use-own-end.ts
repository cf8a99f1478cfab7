import { useCallback, useRef } from 'react';
import { isGone } from '@/lib/query/query-client';

/**
 * Tells an end the member caused from one they did not. Their own Unmatch, Block or Report ends the
 * conversation on the server, whose `ended` event comes back to them too (often before the call's answer):
 * that is not news to them, their action says what happened. `whileEnding` wraps that call; `onEnded` stands
 * in for the notice and lets through only an end that is not theirs: the other's, or theirs failing (then one
 * that came meanwhile was the other's; a 404 means it had ended already, and the dialog says so through
 * `onEnded`).
 */
export function useOwnEnd(onEnded: () => void) {
  const ending = useRef(false);
  const endedMeanwhile = useRef(false);

  const onEndedByOther = useCallback(() => {
    if (ending.current) endedMeanwhile.current = true;
    else onEnded();
  }, [onEnded]);

  const whileEnding = useCallback(
    <T>(run: () => Promise<T>): Promise<T> => {
      ending.current = true;
      endedMeanwhile.current = false;
      return run().catch((error: unknown) => {
        ending.current = false;
        if (endedMeanwhile.current && !isGone(error)) onEnded();
        throw error;
      });
    },
    [onEnded],
  );

  return { onEnded: onEndedByOther, whileEnding };
}
