import { useCallback, useRef } from 'react';

/**
 * Where keyboard focus goes back to when a dialog closes: the element that had it when the
 * dialog opened (the button that opened it), or, when that is gone (an action that removed its
 * own button, a delete), the page's heading, so focus never falls to the page's body.
 */
export function useReturnFocus(): { remember: () => void; restore: () => void } {
  const trigger = useRef<HTMLElement | null>(null);
  const remember = useCallback(() => {
    const active = document.activeElement;
    trigger.current = active instanceof HTMLElement && active !== document.body ? active : null;
  }, []);
  const restore = useCallback(() => {
    const target = trigger.current;
    trigger.current = null;
    // After the dialog has gone and the page has drawn what the action changed.
    setTimeout(() => {
      if (target?.isConnected && !target.closest('[inert], [aria-hidden="true"]')) {
        target.focus();
        return;
      }
      const heading = document.querySelector<HTMLElement>('main h1');
      if (heading) focusHeading(heading);
    }, 0);
  }, []);
  return { remember, restore };
}

// Long enough for a lazily loaded screen and its record to arrive; then focus is left alone.
const NEXT_HEADING_WAIT_MS = 10_000;

/** Focuses a page's heading, made focusable from script only (not a stop of the Tab key). */
function focusHeading(heading: HTMLElement): void {
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus();
}

/**
 * After an action that opens another page (a save opens the record, a delete its list): focus
 * goes to that page's heading once it is drawn, so that keyboard and screen reader users start
 * there, not at the top of the document (where focus falls when the button pressed is gone).
 * Called before navigating; waits for a heading other than the current one. Someone who has
 * already moved focus elsewhere meanwhile keeps it there.
 */
export function focusNextHeading(): void {
  const before = document.querySelector('main h1');
  const moved = () => {
    const active = document.activeElement;
    return active instanceof HTMLElement && active !== document.body && active.isConnected;
  };
  const attempt = (): boolean => {
    const heading = document.querySelector<HTMLElement>('main h1');
    if (!heading || heading === before) return false;
    if (!moved()) focusHeading(heading);
    return true;
  };
  const observer = new MutationObserver(() => {
    if (!attempt()) return;
    observer.disconnect();
    clearTimeout(timer);
  });
  observer.observe(document.body, { childList: true, subtree: true });
  const timer = setTimeout(() => observer.disconnect(), NEXT_HEADING_WAIT_MS);
}
