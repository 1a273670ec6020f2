import { Button, Group, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { setAccountActive, type AccountStatus } from '../../api/account-status.js';
import { useApp } from '../../app/app-context.js';
import { Dialog } from '../../ui/dialog.js';
import { ErrorAlert } from '../../ui/error-alert.js';

/**
 * Asks before deactivating an account, naming what happens: its sessions end at once and it
 * cannot sign in, while its records stay. Reactivating is asked too, as calmly: it only undoes.
 */
export function ActivationDialog({
  id,
  name,
  active,
  onClose,
  onDone,
}: {
  id: string;
  name: string;
  /** What the account is to become. */
  active: boolean;
  onClose: () => void;
  onDone: (status: AccountStatus) => void;
}) {
  const { catalogue } = useApp();
  const change = useMutation({
    mutationFn: () => setAccountActive(catalogue, id, active),
    onSuccess: onDone,
  });
  const verb = active ? 'Reactivate' : 'Deactivate';
  return (
    <Dialog opened onClose={onClose} title={`${verb} ${name}’s account?`}>
      <Stack gap="md">
        {active ? (
          <Text>{name} will be able to sign in again, with the password they had.</Text>
        ) : (
          <Text>
            {name} will be signed out everywhere at once and will not be able to sign in. Their
            records stay as they are, and you can reactivate the account later.
          </Text>
        )}
        {change.isError && <ErrorAlert error={change.error} />}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {active ? 'Leave it deactivated' : 'Keep'}
          </Button>
          <Button
            color={active ? undefined : 'red'}
            onClick={() => change.mutate()}
            loading={change.isPending}
          >
            {verb} {name}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
