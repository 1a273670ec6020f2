import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { Entity } from '@specrun/model';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../api/api-error.js';
import { useApp } from '../../app/app-context.js';
import type { ApiRecord } from '../../model/record-label.js';
import { Dialog } from '../../ui/dialog.js';
import { useToast } from '../../ui/toasts.js';
import {
  bulkActions,
  bulkSummary,
  countOf,
  type BulkAction,
  type BulkResult,
} from './bulk-actions.js';

/**
 * What to do with the selected records: the actions the server offers on every one of them (see
 * bulkActions), each confirmed in a dialog that names the outcome and the count ("Cancel 3
 * tickets" beside "Keep them"). They are taken one record after another, each judged by the
 * server as on its own page; a toast then tells how many were done and why others were refused,
 * and the list is read again.
 */
export function BulkBar({
  entity,
  selected,
  onClear,
}: {
  entity: Entity;
  selected: readonly ApiRecord[];
  onClear: () => void;
}) {
  const { model, api } = useApp();
  const client = useQueryClient();
  const toast = useToast();
  const [asked, setAsked] = useState<BulkAction>();
  const [running, setRunning] = useState(false);
  const served = (action: string) =>
    action === 'delete'
      ? api.call('delete', entity.name) !== undefined
      : api.call('transition', entity.name, action) !== undefined;
  const actions = bulkActions(model, entity, selected, served);
  if (selected.length === 0) return null;
  const count = countOf(entity, selected.length);
  const them = selected.length === 1 ? 'it' : 'them';

  const take = async (action: BulkAction) => {
    setRunning(true);
    const results: BulkResult[] = [];
    for (const record of selected) {
      const handle = api.handle(entity.name, record) ?? record.id;
      try {
        if (action.action === 'delete') await api.remove(entity.name, handle, { record });
        else await api.transition(entity.name, handle, action.action, {}, { record });
        results.push({ done: true });
      } catch (error) {
        const reason = error instanceof ApiError ? error.message : 'It failed.';
        results.push({ done: false, reason });
      }
    }
    await client.invalidateQueries({ queryKey: ['list'] });
    await client.invalidateQueries({ queryKey: ['record', entity.name] });
    setRunning(false);
    setAsked(undefined);
    onClear();
    toast(bulkSummary(entity, action, results));
  };

  return (
    <Paper withBorder radius="md" p="sm" role="region" aria-label="Selected records">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm" fw={600} aria-live="polite">
          {count} selected
        </Text>
        <Group gap="xs" wrap="wrap">
          {actions.length === 0 && (
            <Text size="sm">No action can be taken on all of them at once.</Text>
          )}
          {actions.map((a) => (
            <Button
              key={a.action}
              size="sm"
              {...(a.destructive ? { variant: 'outline', color: 'red' } : { variant: 'light' })}
              onClick={() => setAsked(a)}
            >
              {a.label}
            </Button>
          ))}
          <Button size="sm" variant="subtle" onClick={onClear}>
            Clear selection
          </Button>
        </Group>
      </Group>
      {asked && (
        <Dialog
          opened
          title={`${asked.label} ${count}?`}
          onClose={() => (running ? undefined : setAsked(undefined))}
        >
          <Stack gap="md">
            <Text>
              {asked.action === 'delete'
                ? `The ${count} will be deleted for good. This cannot be undone.`
                : `${asked.label} each of the ${count}, one after another. Any the server refuses now stays as it is.`}
            </Text>
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => setAsked(undefined)} disabled={running}>
                Keep {them}
              </Button>
              <Button
                color={asked.destructive ? 'red' : undefined}
                onClick={() => void take(asked)}
                loading={running}
              >
                {asked.label} {count}
              </Button>
            </Group>
          </Stack>
        </Dialog>
      )}
    </Paper>
  );
}
