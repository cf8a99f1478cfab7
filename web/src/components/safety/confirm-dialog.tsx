import type { RefObject } from 'react';
import { CancelOrConfirm, Dialog } from '@/components/ui/dialog';
import { useAction } from '@/lib/query/use-action';

/** Asks before an action that cannot be taken back (block, unmatch); a failure says `failure` in a toast. */
export function ConfirmDialog({
  open,
  title,
  description,
  confirm,
  failure,
  run,
  onDone,
  onGone,
  onClose,
  returnFocusRef,
}: {
  open: boolean;
  title: string;
  description: string;
  confirm: string;
  failure: string;
  run: () => Promise<unknown>;
  onDone: () => void;
  /** It was over already (404). */
  onGone?: () => void;
  onClose: () => void;
  returnFocusRef: RefObject<HTMLButtonElement | null>;
}) {
  const action = useAction({ run, failure, onSuccess: onDone, onGone });
  const busy = action.isPending;

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      returnFocusRef={returnFocusRef}
      title={title}
      description={description}
    >
      <CancelOrConfirm confirm={confirm} busy={busy} onCancel={onClose} onConfirm={() => action.mutate()} />
    </Dialog>
  );
}
