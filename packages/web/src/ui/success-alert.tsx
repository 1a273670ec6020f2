import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';
import tones from './tones.module.css';

// Mantine writes an alert's colours inline; point them at the theme-aware ones of tones.module.css.
const successVars = () => ({
  root: {
    '--alert-color': 'var(--success-text)',
    '--alert-bd': '1px solid var(--success-edge)',
    '--alert-bg': 'var(--success-fill)',
  },
});

/** Says that something was done, in colours that keep AA contrast in both themes. */
export function SuccessAlert({
  title,
  children,
  onClose,
}: {
  title: string;
  children?: ReactNode;
  onClose?: () => void;
}) {
  return (
    <Alert
      variant="outline"
      className={tones.success}
      vars={successVars}
      title={title}
      withCloseButton={onClose !== undefined}
      closeButtonLabel="Dismiss"
      onClose={onClose}
    >
      {children}
    </Alert>
  );
}
