import { Notification } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Shown } from './toasts.js';

/** The toasts being shown, newest last. Its own chunk: the first page shows none. */
export default function ToastList({
  toasts,
  onClose,
}: {
  toasts: readonly Shown[];
  onClose: (key: number) => void;
}): ReactNode {
  return toasts.map((t) => (
    <Notification
      key={t.key}
      title={t.title}
      color="teal"
      withBorder
      // Mantine's dimmed description falls below AA contrast: the page's own text colour.
      styles={{ description: { color: 'var(--mantine-color-text)' } }}
      closeButtonProps={{ 'aria-label': 'Dismiss' }}
      onClose={() => onClose(t.key)}
    >
      {t.message}
    </Notification>
  ));
}
