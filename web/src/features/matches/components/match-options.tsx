import { useEffect, useId, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { toast } from '@/components/ui/toast';
import { blockUser, REPORT_NOTE_MAX, REPORT_REASONS, reportUser, type ReportReason } from '@/lib/safety';

type Open = 'none' | 'menu' | 'block' | 'report';

/**
 * The card's 'More options' menu (Block, Report) and their dialogs. Either action takes the card away
 * (`onGone`), since the two will never see each other again.
 */
export function MatchOptions({ userId, name, onGone }: { userId: string; name: string; onGone: () => void }) {
  const [open, setOpen] = useState<Open>('none');
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  // The dialogs hand focus back to 'More options' themselves: the menu item that opened them is gone by then.
  const closeDialog = () => setOpen('none');

  return (
    <div className="match-options">
      <button
        ref={buttonRef}
        type="button"
        className="match-options__button"
        aria-label="More options"
        aria-haspopup="menu"
        aria-expanded={open === 'menu'}
        aria-controls={open === 'menu' ? menuId : undefined}
        onClick={() => setOpen(open === 'menu' ? 'none' : 'menu')}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <circle cx="5" cy="12" r="2" />
          <circle cx="12" cy="12" r="2" />
          <circle cx="19" cy="12" r="2" />
        </svg>
      </button>
      {open === 'menu' && (
        <OptionsMenu
          id={menuId}
          onChoose={(choice) => setOpen(choice)}
          onDismiss={(returnFocus) => {
            setOpen('none');
            if (returnFocus) buttonRef.current?.focus();
          }}
          anchor={buttonRef}
        />
      )}
      <BlockDialog
        open={open === 'block'}
        userId={userId}
        name={name}
        onClose={closeDialog}
        onDone={onGone}
        returnFocusRef={buttonRef}
      />
      <ReportDialog
        open={open === 'report'}
        userId={userId}
        name={name}
        onClose={closeDialog}
        onDone={onGone}
        returnFocusRef={buttonRef}
      />
    </div>
  );
}

function OptionsMenu({
  id,
  onChoose,
  onDismiss,
  anchor,
}: {
  id: string;
  onChoose: (choice: 'block' | 'report') => void;
  onDismiss: (returnFocus: boolean) => void;
  anchor: RefObject<HTMLButtonElement | null>;
}) {
  const menuRef = useRef<HTMLDivElement>(null);
  const items = () => [...(menuRef.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? [])];

  useEffect(() => {
    items()[0]?.focus();
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !anchor.current?.contains(target)) onDismiss(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
    // Mount only: the menu lives as long as it is open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const all = items();
    const at = all.indexOf(document.activeElement as HTMLButtonElement);
    const move = (to: number) => {
      event.preventDefault();
      event.stopPropagation();
      all[(to + all.length) % all.length]?.focus();
    };
    if (event.key === 'ArrowDown') move(at + 1);
    else if (event.key === 'ArrowUp') move(at - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(all.length - 1);
    else if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') event.stopPropagation();
    else if (event.key === 'Escape' || event.key === 'Tab') {
      if (event.key === 'Escape') event.preventDefault();
      onDismiss(event.key === 'Escape');
    }
  }

  return (
    <div
      ref={menuRef}
      id={id}
      role="menu"
      aria-label="More options"
      className="match-options__menu"
      onKeyDown={onKeyDown}
    >
      <button
        type="button"
        role="menuitem"
        tabIndex={-1}
        className="match-options__item"
        onClick={() => onChoose('block')}
      >
        Block
      </button>
      <button
        type="button"
        role="menuitem"
        tabIndex={-1}
        className="match-options__item match-options__item--danger"
        onClick={() => onChoose('report')}
      >
        Report
      </button>
    </div>
  );
}

interface ActionDialogProps {
  open: boolean;
  returnFocusRef: RefObject<HTMLButtonElement | null>;
  userId: string;
  name: string;
  onClose: () => void;
  onDone: () => void;
}

function BlockDialog({ open, userId, name, onClose, onDone, returnFocusRef }: ActionDialogProps) {
  const [busy, setBusy] = useState(false);

  async function confirm() {
    setBusy(true);
    try {
      await blockUser(userId);
      toast.success(`${name} is blocked`, 'You will not see each other again.');
      onDone();
    } catch {
      toast.error('Could not block', 'Please try again.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      returnFocusRef={returnFocusRef}
      title={`Block ${name}?`}
      description="They won't appear in your matches again, and neither of you will be able to see the other's profile. You can unblock them in Settings."
    >
      <DialogActions>
        <Button variant="secondary" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button variant="danger" loading={busy} onClick={() => void confirm()}>
          Block
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function ReportDialog({ open, userId, name, onClose, onDone, returnFocusRef }: ActionDialogProps) {
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const noteId = useId();
  const errorId = useId();

  function close() {
    if (busy) return;
    setReason(null);
    setNote('');
    setError('');
    onClose();
  }

  async function send(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (!reason) {
      setError('Choose a reason');
      return;
    }
    setBusy(true);
    setError('');
    try {
      await reportUser({ userId, reason, ...(note.trim() ? { note: note.trim() } : {}) });
      toast.success('Thanks, we will review this');
      onDone();
    } catch {
      setError('Could not send the report. Please try again.');
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={open}
      onClose={close}
      returnFocusRef={returnFocusRef}
      title={`Report ${name}`}
      description="Reports are private: they are never told who reported them. They are also blocked right away."
    >
      <form className="stack" noValidate onSubmit={send}>
        <fieldset className="report-reasons" aria-describedby={error ? errorId : undefined}>
          <legend className="report-reasons__legend">What is wrong?</legend>
          {REPORT_REASONS.map((option) => (
            <label key={option.value} className="report-reasons__option">
              <input
                type="radio"
                name="reason"
                value={option.value}
                checked={reason === option.value}
                onChange={() => setReason(option.value)}
              />
              <span>{option.label}</span>
            </label>
          ))}
        </fieldset>
        <div className="field">
          <label className="field__label" htmlFor={noteId}>
            Anything else we should know? (optional)
          </label>
          <textarea
            id={noteId}
            className="field__input report-note"
            rows={3}
            maxLength={REPORT_NOTE_MAX}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            aria-describedby={`${noteId}-count`}
          />
          <p id={`${noteId}-count`} className="field__hint">
            {note.length}/{REPORT_NOTE_MAX}
          </p>
        </div>
        <FormAlert id={errorId} message={error} />
        <DialogActions>
          <Button type="button" variant="secondary" onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" loading={busy}>
            Send report
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
