import { forwardRef, useEffect, useRef, type ButtonHTMLAttributes, type MouseEvent } from 'react';
import { focusIsLost } from '@/lib/a11y/focus-rescue';
import { Spinner } from './spinner';
import './button.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: 'sm' | 'md' | 'lg';
  /** Shows a spinner, keeps the width, and blocks clicks while true. */
  loading?: boolean;
  block?: boolean;
}

/** Classes for links that look like buttons: `<Link className={buttonClass('secondary')} …>`. */
export function buttonClass(
  variant: ButtonVariant = 'primary',
  size: 'sm' | 'md' | 'lg' = 'md',
  block = false,
): string {
  return ['btn', `btn--${variant}`, `btn--${size}`, block && 'btn--block'].filter(Boolean).join(' ');
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  {
    variant = 'primary',
    size = 'md',
    loading = false,
    block = false,
    className,
    disabled,
    children,
    type = 'button',
    onClick,
    ...rest
  },
  ref,
) {
  const own = useRef<HTMLButtonElement | null>(null);
  // Disabled while loading, the button loses the focus it was clicked with (the browser moves it to the page):
  // once loading ends and nothing else took it, it comes back, so a keyboard user goes on from there.
  const focusedWhenClicked = useRef(false);
  const wasLoading = useRef(loading);
  useEffect(() => {
    const ended = wasLoading.current && !loading;
    wasLoading.current = loading;
    if (!ended || !focusedWhenClicked.current) return;
    focusedWhenClicked.current = false;
    if (own.current?.isConnected && focusIsLost()) own.current.focus();
  }, [loading]);
  const click = (event: MouseEvent<HTMLButtonElement>) => {
    focusedWhenClicked.current = document.activeElement === event.currentTarget;
    onClick?.(event);
  };
  const classes = [
    'btn',
    `btn--${variant}`,
    `btn--${size}`,
    block && 'btn--block',
    loading && 'btn--loading',
    className,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <button
      ref={(node) => {
        own.current = node;
        if (typeof ref === 'function') ref(node);
        else if (ref) ref.current = node;
      }}
      type={type}
      onClick={click}
      className={classes}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading ? <Spinner size="sm" label="" className="btn__spinner" /> : null}
      <span className="btn__label">{children}</span>
    </button>
  );
});
