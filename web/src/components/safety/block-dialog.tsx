import type { RefObject } from 'react';
import { toast } from '@/components/ui/toast';
import { blockUser } from '@/lib/safety';
import { ConfirmDialog } from './confirm-dialog';

/** 'Block {name}?': from now on neither sees the other. `description` says what else it ends where it is asked. */
export function BlockDialog({
  userId,
  name,
  onDone,
  around = (run) => run(),
  ...dialog
}: {
  open: boolean;
  userId: string;
  name: string;
  description: string;
  onDone: () => void;
  /** Wraps the block call (see BlockAndReportDialogs). */
  around?: <T>(run: () => Promise<T>) => Promise<T>;
  onGone?: () => void;
  onClose: () => void;
  returnFocusRef: RefObject<HTMLButtonElement | null>;
}) {
  return (
    <ConfirmDialog
      {...dialog}
      title={`Block ${name}?`}
      confirm="Block"
      failure="Could not block"
      run={() => around(() => blockUser(userId))}
      onDone={() => {
        toast.success(`${name} is blocked`, 'You will not see each other again.');
        onDone();
      }}
    />
  );
}
