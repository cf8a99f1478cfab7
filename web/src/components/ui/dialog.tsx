import { useEffect, useEffectEvent, useId, useRef, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { Button } from './button';
import './dialog.css';

export interface DialogProps {
  open: boolean;
  onClose?: () => void;
  title: ReactNode;
  description?: ReactNode;
  /** false = Escape and backdrop clicks do nothing (the age gate); a choice inside the dialog must close it. */
  dismissable?: boolean;
  /** Element to focus on open; defaults to the first focusable element in the dialog. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /**
   * Where focus goes back to on close; defaults to what had focus when the dialog opened. Needed when that
   * element is gone by then (a menu item that opened the dialog and closed its menu).
   */
  returnFocusRef?: RefObject<HTMLElement | null>;
  children?: ReactNode;
  className?: string;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Open dialogs, innermost last: only the top one reacts to keys. */
const stack: symbol[] = [];
let bodyOverflow = '';

export function Dialog({
  open,
  onClose,
  title,
  description,
  dismissable = true,
  initialFocusRef,
  returnFocusRef,
  children,
  className,
}: DialogProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  // Effect events read the latest props without re-running the open/close effect.
  const requestClose = useEffectEvent(() => {
    if (dismissable) onClose?.();
  });
  const initialFocusTarget = useEffectEvent(() => initialFocusRef?.current ?? null);
  const returnFocusTarget = useEffectEvent(() => returnFocusRef?.current ?? null);

  useEffect(() => {
    if (!open) return;
    const token = Symbol('dialog');
    stack.push(token);
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (stack.length === 1) bodyOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    // The page behind a modal is out of reach for keyboards and screen readers alike.
    const appRoot = document.getElementById('root');
    appRoot?.setAttribute('inert', '');

    const panel = panelRef.current;
    const target = initialFocusTarget() ?? panel?.querySelector<HTMLElement>(FOCUSABLE) ?? panel;
    target?.focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (stack[stack.length - 1] !== token || !panel) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        requestClose();
        return;
      }
      if (event.key !== 'Tab') return;
      const focusable = Array.from(panel.querySelectorAll<HTMLElement>(FOCUSABLE));
      if (focusable.length === 0) {
        event.preventDefault();
        panel.focus();
        return;
      }
      const first = focusable[0]!;
      const last = focusable[focusable.length - 1]!;
      const active = document.activeElement;
      if (event.shiftKey && (active === first || !panel.contains(active))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !panel.contains(active))) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown, true);

    return () => {
      document.removeEventListener('keydown', onKeyDown, true);
      stack.splice(stack.indexOf(token), 1);
      if (stack.length === 0) {
        document.body.style.overflow = bodyOverflow;
        appRoot?.removeAttribute('inert');
      }
      const back = returnFocusTarget() ?? opener;
      if (back && back.isConnected) back.focus();
    };
  }, [open]);

  if (!open) return null;

  return createPortal(
    <div
      className="dialog-backdrop"
      data-testid="dialog-backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget && dismissable) onClose?.();
      }}
    >
      <div
        ref={panelRef}
        className={['dialog', className].filter(Boolean).join(' ')}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
      >
        <h2 id={titleId} className="dialog__title">
          {title}
        </h2>
        {description ? (
          <div id={descriptionId} className="dialog__description">
            {description}
          </div>
        ) : null}
        {children}
      </div>
    </div>,
    document.body,
  );
}

/** Right-aligned row of dialog buttons that stacks full-width on phones. */
export function DialogActions({ children }: { children: ReactNode }) {
  return <div className="dialog__actions">{children}</div>;
}

/**
 * 'Cancel' and the dialog's dangerous step (Block, Delete forever…): the step submits the dialog's form, or runs
 * `onConfirm` where there is no form. While `busy`, neither can be pressed again.
 */
export function CancelOrConfirm({
  confirm,
  busy,
  onCancel,
  onConfirm,
}: {
  confirm: string;
  busy: boolean;
  onCancel: () => void;
  onConfirm?: () => void;
}) {
  return (
    <DialogActions>
      <Button type="button" variant="secondary" onClick={onCancel} disabled={busy}>
        Cancel
      </Button>
      <Button type={onConfirm ? 'button' : 'submit'} variant="danger" loading={busy} onClick={onConfirm}>
        {confirm}
      </Button>
    </DialogActions>
  );
}
