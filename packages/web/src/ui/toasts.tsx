import { Notification } from '@mantine/core';
import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';
import classes from './toasts.module.css';

/** One message that something was done: a short title, and a sentence when there is more. */
export interface Toast {
  title: string;
  message?: string;
}

type Shown = Toast & { key: number };

// Long enough to read twice, short enough not to pile up; a toast can be closed before.
const SHOWN_FOR_MS = 6000;

const ToastContext = createContext<(toast: Toast) => void>(() => undefined);

let next = 0;

/**
 * Shows toasts over every screen, in a live region that is always in the page (role `status`),
 * so that a screen reader announces each one as it appears, without moving focus. Built from
 * Mantine's Notification: @mantine/notifications is published only for other versions of
 * @mantine/core than ours, and this needs no more than a list and a timer.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Shown[]>([]);
  const close = useCallback((key: number) => {
    setToasts((old) => old.filter((t) => t.key !== key));
  }, []);
  const show = useCallback(
    (toast: Toast) => {
      const key = ++next;
      setToasts((old) => [...old.slice(-2), { ...toast, key }]);
      setTimeout(() => close(key), SHOWN_FOR_MS);
    },
    [close],
  );
  return (
    <ToastContext.Provider value={show}>
      {children}
      <div role="status" aria-live="polite" className={classes.region}>
        {toasts.map((t) => (
          <Notification
            key={t.key}
            title={t.title}
            color="teal"
            withBorder
            // Mantine's dimmed description falls below AA contrast: the page's own text colour.
            styles={{ description: { color: 'var(--mantine-color-text)' } }}
            closeButtonProps={{ 'aria-label': 'Dismiss' }}
            onClose={() => close(t.key)}
          >
            {t.message}
          </Notification>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

/** Shows a toast: after a save, a delete or a transition. */
export function useToast(): (toast: Toast) => void {
  return useContext(ToastContext);
}
