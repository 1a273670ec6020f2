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
      if (!heading) return;
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus();
    }, 0);
  }, []);
  return { remember, restore };
}
