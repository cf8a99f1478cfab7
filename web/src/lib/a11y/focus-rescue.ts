import { useEffect } from 'react';

/** Whether the focus is on nothing: on the page itself, as a browser leaves it when its control goes. */
export function focusIsLost(): boolean {
  return document.activeElement === null || document.activeElement === document.body;
}

/** How long a page's heading may still be on its way (a lazy screen, its data) when the focus needs it. */
const HEADING_WAIT_MS = 3000;

/** Focuses the page's heading (`main h1`), where reading starts; false when the page has none yet. */
export function focusPageHeading(): boolean {
  const heading = document.querySelector<HTMLElement>('main h1');
  if (!heading) return false;
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus({ preventScroll: true });
  return true;
}

/**
 * When the focused control leaves the page (a link that moved to another page, a 'Try again' replaced by what it
 * loaded, a form replaced by its answer), a keyboard or screen-reader user would be left on nothing: the focus
 * goes to the page's heading instead. A screen that puts it somewhere better (the next card, the question) does
 * so in the same turn or later, and keeps it.
 */
export function useFocusRescue(): void {
  useEffect(() => {
    let focused: Element | null = null;
    let frame = 0;
    const rescue = (deadline: number) => {
      if (!focusIsLost() || focusPageHeading()) return;
      if (performance.now() < deadline) frame = requestAnimationFrame(() => rescue(deadline));
    };
    const onFocusIn = (event: FocusEvent) => {
      focused = event.target as Element;
      cancelAnimationFrame(frame);
    };
    const observer = new MutationObserver(() => {
      if (!focused || focused.isConnected || !focusIsLost()) return;
      focused = null;
      const deadline = performance.now() + HEADING_WAIT_MS;
      frame = requestAnimationFrame(() => rescue(deadline));
    });
    document.addEventListener('focusin', onFocusIn);
    observer.observe(document.body, { childList: true, subtree: true });
    return () => {
      document.removeEventListener('focusin', onFocusIn);
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, []);
}
