import { useMutation } from '@tanstack/react-query';
import { toast } from '@/components/ui/toast';
import { isGone } from './query-client';

/**
 * A write started by a button (block, unblock, answer, save a choice). A failure is told in a toast, `failure`
 * and 'Please try again.'; with `onGone`, a 404 (the other person is no longer there) calls it instead.
 */
export function useAction<TVariables = void, TData = unknown>({
  run,
  failure,
  onSuccess,
  onGone,
  onError,
}: {
  run: (variables: TVariables) => Promise<TData>;
  failure: string;
  onSuccess?: (data: TData, variables: TVariables) => void;
  onGone?: (variables: TVariables) => void;
  /** Runs before the toast, e.g. to undo an optimistic change. */
  onError?: (variables: TVariables) => void;
}) {
  return useMutation<TData, unknown, TVariables>({
    mutationFn: run,
    onSuccess,
    onError: (error, variables) => {
      if (onGone && isGone(error)) return onGone(variables);
      onError?.(variables);
      toast.error(failure, 'Please try again.');
    },
  });
}
