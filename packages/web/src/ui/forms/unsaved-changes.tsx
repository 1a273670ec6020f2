import { Button, Group, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { Dialog } from '../dialog.js';

/**
 * Asks before leaving a form with unsaved changes: a dialog when the app's own navigation would
 * leave it (a link, the form's Cancel, Back), the browser's own question when the page itself
 * would go (reload, closing the tab). `saving` is true while a save is under way: the save's own
 * navigation to the saved record is not a loss.
 */
export function UnsavedChanges({ dirty, saving }: { dirty: boolean; saving: boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      !saving &&
      (currentLocation.pathname !== nextLocation.pathname ||
        currentLocation.search !== nextLocation.search),
  );
  useEffect(() => {
    if (!dirty || saving) return undefined;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the question only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty, saving]);
  const blocked = blocker.state === 'blocked';
  return (
    <Dialog opened={blocked} onClose={() => blocker.reset?.()} title="Leave without saving?">
      <Stack gap="md">
        <Text>Your changes to this form have not been saved. They will be lost if you leave.</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => blocker.reset?.()} data-autofocus>
            Stay on this page
          </Button>
          <Button color="red" onClick={() => blocker.proceed?.()}>
            Leave and lose changes
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
