import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { toast } from '@/components/ui/toast';
import { copyText } from '../utils/copy-text';

/** How long the Copy button reads 'Copied!' (spec §9). */
export const COPIED_MS = 1400;

export type InviteDialogProps = { open: boolean; shareLink: string; onClose(): void };

export function InviteDialog({ open, shareLink, onClose }: InviteDialogProps) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  function close() {
    clearTimeout(timer.current);
    setCopied(false);
    onClose();
  }

  async function copy() {
    if (await copyText(shareLink)) {
      clearTimeout(timer.current);
      setCopied(true);
      timer.current = setTimeout(() => setCopied(false), COPIED_MS);
    } else {
      if (inputRef.current) selectFromStart(inputRef.current);
      toast.error('Copy failed', 'Select the link and copy it manually.');
    }
  }

  return (
    <Dialog
      open={open}
      onClose={close}
      title="Invite friends"
      description="Share your link. Each friend who signs up with it and verifies their email moves you up the list."
    >
      <div className="field invite-dialog__field">
        <label className="field__label" htmlFor={inputId}>
          Your invite link
        </label>
        <input
          ref={inputRef}
          id={inputId}
          className="field__input invite-dialog__link"
          type="text"
          readOnly
          value={shareLink}
          onFocus={(e) => selectFromStart(e.currentTarget)}
        />
      </div>
      <p className="sr-only" role="status" aria-live="polite">
        {copied ? 'Link copied to the clipboard' : ''}
      </p>
      <DialogActions>
        <Button variant="secondary" onClick={close}>
          Close
        </Button>
        <Button onClick={copy}>{copied ? 'Copied!' : 'Copy'}</Button>
      </DialogActions>
    </Dialog>
  );
}

/** Selects the whole link with the caret at its start, so a narrow field shows where it begins, not its end. */
function selectFromStart(input: HTMLInputElement) {
  input.setSelectionRange(0, input.value.length, 'backward');
  // The browser scrolls a focused field to its selection's end once focusing is done: back to the start after.
  requestAnimationFrame(() => (input.scrollLeft = 0));
}
