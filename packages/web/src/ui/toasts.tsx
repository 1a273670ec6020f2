import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useState,
  type ReactNode,
} from 'react';
import classes from './toasts.module.css';

// Above the router, no error boundary catches a chunk that fails to load (a redeploy, a lost
// connection): the toast is then left out, not the whole app.
const ToastList = lazy(() => import('./toast-list.js').catch(() => ({ default: () => null })));

/** One message that something was done: a short title, and a sentence when there is more. */
export interface Toast {
  title: string;
  message?: string;
}

/** A toast on screen, with the key that closes it. */
export type Shown = Toast & { key: number };

// Long enough to read twice, short enough not to pile up; a toast can be closed before.
const SHOWN_FOR_MS = 6000;

const ToastContext = createContext<(toast: Toast) => void>(() => undefined);

let next = 0;

/**
 * Shows toasts over every screen, in a live region that is always in the page (role `status`),
 * so that a screen reader announces each one as it appears, without moving focus. Built from
 * Mantine's Notification: @mantine/notifications is published only for other versions of
 * @mantine/core than ours, and this needs no more than a list and a timer. The region is in the
 * first page; the Notification is loaded with the first toast.
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
        {toasts.length > 0 && (
          <Suspense fallback={null}>
            <ToastList toasts={toasts} onClose={close} />
          </Suspense>
        )}
      </div>
    </ToastContext.Provider>
  );
}

/** Shows a toast: after a save, a delete or a transition. */
export function useToast(): (toast: Toast) => void {
  return useContext(ToastContext);
}
