import { Button, Group, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RecordPlace } from '../../api/path-values.js';
import { useApp } from '../../app/app-context.js';
import { entityWords } from '../../model/names.js';
import { Dialog } from '../../ui/dialog.js';
import { ErrorAlert } from '../../ui/error-alert.js';

/** Asks before deleting a record; the server refuses one that others still refer to. */
export function DeleteDialog({
  entity,
  id,
  place,
  name,
  opened,
  onClose,
  onDeleted,
}: {
  entity: string;
  id: string;
  /** Where the record is, for a delete call nested under its parent (see pathValues). */
  place?: RecordPlace;
  name: string;
  opened: boolean;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const { api } = useApp();
  const client = useQueryClient();
  const remove = useMutation({
    mutationFn: () => api.remove(entity, id, place),
    onSuccess: async () => {
      client.removeQueries({ queryKey: ['record', entity, id] });
      await client.invalidateQueries({ queryKey: ['list'] });
      onDeleted();
    },
  });
  return (
    <Dialog opened={opened} onClose={onClose} title={`Delete this ${entityWords(entity)}?`}>
      <Stack gap="md">
        <Text>“{name}” will be deleted for good. This cannot be undone.</Text>
        {remove.isError && <ErrorAlert error={remove.error} />}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Keep it
          </Button>
          <Button color="red" onClick={() => remove.mutate()} loading={remove.isPending}>
            Delete {entityWords(entity)}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
