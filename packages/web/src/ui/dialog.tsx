import { Modal } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A centred modal dialog with a title and a named close button. Built from Mantine's parts
 * because its Modal renders the title bar as <header>: a second banner landmark beside the
 * page's own, which screen readers announce and axe-core refuses.
 */
export function Dialog({
  title,
  opened,
  onClose,
  children,
}: {
  title: string;
  opened: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Modal.Root opened={opened} onClose={onClose} centered>
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header component="div">
          <Modal.Title>{title}</Modal.Title>
          <Modal.CloseButton aria-label="Close the dialog" />
        </Modal.Header>
        <Modal.Body>{children}</Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
