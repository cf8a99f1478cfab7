import { useEffect, useRef, type KeyboardEvent, type RefObject } from 'react';

export interface MenuItem<C extends string> {
  value: C;
  label: string;
  danger?: boolean;
}

/**
 * The open 'More options' menu: focus starts on its first item, arrows, Home and End move between items, Escape
 * closes it back to its button, Tab or a click elsewhere closes it. `block` is the BEM block its classes use.
 */
export function OptionsMenu<C extends string>({
  id,
  block,
  items,
  anchor,
  onChoose,
  onDismiss,
}: {
  id: string;
  block: string;
  items: readonly MenuItem<C>[];
  anchor: RefObject<HTMLButtonElement | null>;
  onChoose: (choice: C) => void;
  onDismiss: (returnFocus: boolean) => void;
}) {
  const menuRef = useRef<HTMLDivElement>(null);
  const buttons = () => [
    ...(menuRef.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? []),
  ];

  useEffect(() => {
    buttons()[0]?.focus();
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
    const all = buttons();
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
    // Arrows sideways belong to the menu too, not to a carousel around it.
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
      className={`${block}__menu`}
      onKeyDown={onKeyDown}
    >
      {items.map((item) => (
        <button
          key={item.value}
          type="button"
          role="menuitem"
          tabIndex={-1}
          className={`${block}__item${item.danger ? ` ${block}__item--danger` : ''}`}
          onClick={() => onChoose(item.value)}
        >
          {item.label}
        </button>
      ))}
    </div>
  );
}
