import { useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { OptionsMenu, type MenuItem } from './options-menu';

export interface OptionDialogs<C extends string> {
  /** The dialog chosen from the menu, if any. */
  open: C | null;
  close(): void;
  /** The dialogs hand focus back to 'More options' themselves: the menu item that opened them is gone by then. */
  returnFocusRef: RefObject<HTMLButtonElement | null>;
}

/** The '⋯' button of a match card or a conversation, its menu, and the dialog each item opens. */
export function MoreOptions<C extends string>({
  block,
  items,
  dialogs,
}: {
  block: string;
  items: readonly MenuItem<C>[];
  dialogs: (state: OptionDialogs<C>) => ReactNode;
}) {
  const [open, setOpen] = useState<C | 'menu' | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  return (
    <div className={block}>
      <button
        ref={buttonRef}
        type="button"
        className={`${block}__button`}
        aria-label="More options"
        aria-haspopup="menu"
        aria-expanded={open === 'menu'}
        aria-controls={open === 'menu' ? menuId : undefined}
        onClick={() => setOpen(open === 'menu' ? null : 'menu')}
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
          block={block}
          items={items}
          anchor={buttonRef}
          onChoose={setOpen}
          onDismiss={(returnFocus) => {
            setOpen(null);
            if (returnFocus) buttonRef.current?.focus();
          }}
        />
      )}
      {dialogs({
        open: open === 'menu' ? null : open,
        close: () => setOpen(null),
        returnFocusRef: buttonRef,
      })}
    </div>
  );
}
