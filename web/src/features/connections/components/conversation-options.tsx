import {
  useEffect,
  useId,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
  type RefObject,
} from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { toast } from '@/components/ui/toast';
import { ApiError } from '@/lib/api-client';
import { unmatch, type Message } from '../api/connections';
import { blockUser, REPORT_NOTE_MAX, REPORT_REASONS, reportUser, type ReportReason } from '@/lib/safety';

type Open = 'none' | 'menu' | 'unmatch' | 'block' | 'report';
const MENU_ITEMS = [
  { value: 'unmatch', label: 'Unmatch' },
  { value: 'block', label: 'Block' },
  { value: 'report', label: 'Report' },
] as const;

interface Props {
  connectionId: string;
  userId: string;
  name: string;
  /** A report can carry it to the moderators. */
  lastMessageFromThem: Message | null;
  /** Unmatched, blocked or reported: the conversation is over for both. */
  onDone: () => void;
  /** It was already over (404). */
  onEnded: () => void;
}

/** The conversation's 'More options' menu: Unmatch, Block, Report, each asking first. */
export function ConversationOptions({
  connectionId,
  userId,
  name,
  lastMessageFromThem,
  onDone,
  onEnded,
}: Props) {
  const [open, setOpen] = useState<Open>('none');
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const close = () => setOpen('none');

  /** Runs an action that ends the conversation; a 404 means it had ended already. */
  async function act(action: () => Promise<unknown>, success: () => void): Promise<boolean> {
    try {
      await action();
      success();
      onDone();
      return true;
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) {
        onEnded();
        return true;
      }
      return false;
    }
  }

  return (
    <div className="conversation-options">
      <button
        ref={buttonRef}
        type="button"
        className="conversation-options__button"
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
          anchor={buttonRef}
          onChoose={setOpen}
          onDismiss={(returnFocus) => {
            setOpen('none');
            if (returnFocus) buttonRef.current?.focus();
          }}
        />
      )}
      <ConfirmDialog
        open={open === 'unmatch'}
        title={`Unmatch ${name}?`}
        description="Your conversation ends for both of you and disappears, and you won't be matched again."
        confirm="Unmatch"
        onClose={close}
        returnFocusRef={buttonRef}
        onConfirm={() =>
          act(
            () => unmatch(connectionId),
            () => toast.success(`You unmatched ${name}`),
          )
        }
        failure="Could not unmatch"
      />
      <ConfirmDialog
        open={open === 'block'}
        title={`Block ${name}?`}
        description="Your conversation ends, they won't appear in your matches again, and neither of you will be able to see the other's profile. You can unblock them in Settings."
        confirm="Block"
        onClose={close}
        returnFocusRef={buttonRef}
        onConfirm={() =>
          act(
            () => blockUser(userId),
            () => toast.success(`${name} is blocked`, 'You will not see each other again.'),
          )
        }
        failure="Could not block"
      />
      <ReportDialog
        open={open === 'report'}
        name={name}
        lastMessageFromThem={lastMessageFromThem}
        onClose={close}
        returnFocusRef={buttonRef}
        onSend={(report) =>
          act(
            () => reportUser({ userId, ...report }),
            () => toast.success('Thanks, we will review this'),
          )
        }
      />
    </div>
  );
}

function OptionsMenu({
  id,
  anchor,
  onChoose,
  onDismiss,
}: {
  id: string;
  anchor: RefObject<HTMLButtonElement | null>;
  onChoose: (choice: 'unmatch' | 'block' | 'report') => void;
  onDismiss: (returnFocus: boolean) => void;
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
      all[(to + all.length) % all.length]?.focus();
    };
    if (event.key === 'ArrowDown') move(at + 1);
    else if (event.key === 'ArrowUp') move(at - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(all.length - 1);
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
      className="conversation-options__menu"
      onKeyDown={onKeyDown}
    >
      {MENU_ITEMS.map((item) => (
        <button
          key={item.value}
          type="button"
          role="menuitem"
          tabIndex={-1}
          className={`conversation-options__item${item.value === 'unmatch' ? '' : ' conversation-options__item--danger'}`}
          onClick={() => onChoose(item.value)}
        >
          {item.label}
        </button>
      ))}
    </div>
  );
}

function ConfirmDialog({
  open,
  title,
  description,
  confirm,
  failure,
  onClose,
  onConfirm,
  returnFocusRef,
}: {
  open: boolean;
  title: string;
  description: string;
  confirm: string;
  failure: string;
  onClose: () => void;
  onConfirm: () => Promise<boolean>;
  returnFocusRef: RefObject<HTMLButtonElement | null>;
}) {
  const [busy, setBusy] = useState(false);

  async function run() {
    setBusy(true);
    const done = await onConfirm();
    if (!done) {
      toast.error(failure, 'Please try again.');
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      returnFocusRef={returnFocusRef}
      title={title}
      description={description}
    >
      <DialogActions>
        <Button variant="secondary" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button variant="danger" loading={busy} onClick={() => void run()}>
          {confirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function ReportDialog({
  open,
  name,
  lastMessageFromThem,
  onClose,
  onSend,
  returnFocusRef,
}: {
  open: boolean;
  name: string;
  lastMessageFromThem: Message | null;
  onClose: () => void;
  onSend: (report: { reason: ReportReason; note?: string; messageId?: string }) => Promise<boolean>;
  returnFocusRef: RefObject<HTMLButtonElement | null>;
}) {
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [note, setNote] = useState('');
  const [withMessage, setWithMessage] = useState(true);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const noteId = useId();
  const errorId = useId();

  function close() {
    if (busy) return;
    setReason(null);
    setNote('');
    setWithMessage(true);
    setError('');
    onClose();
  }

  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (!reason) {
      setError('Choose a reason');
      return;
    }
    setBusy(true);
    setError('');
    const done = await onSend({
      reason,
      ...(note.trim() ? { note: note.trim() } : {}),
      ...(withMessage && lastMessageFromThem ? { messageId: lastMessageFromThem.id } : {}),
    });
    if (!done) {
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
      description="Reports are private: they are never told who reported them. They are also blocked right away, and your conversation ends."
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
        {lastMessageFromThem ? (
          <label className="checkbox report-message">
            <input
              type="checkbox"
              checked={withMessage}
              onChange={(event) => setWithMessage(event.target.checked)}
            />
            <span>
              Include their last message for our moderators:{' '}
              <q className="report-message__text">{lastMessageFromThem.text}</q>
            </span>
          </label>
        ) : null}
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
