import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { userLabel, type AppModel } from '@specrun/model';
import type { AccountStatus } from '../../api/account-status.js';
import type { ApiRecord } from '../../model/record-label.js';
import { sentence } from '../../model/names.js';
import { StateBadge } from '../../ui/state-badge.js';
import { inDeclaredOrder } from './role-order.js';
import tones from '../../ui/tones.module.css';

/** What a manager may do with one account, as the screen offers it. */
export interface RowActions {
  onRoles?: (() => void) | undefined;
  onActive?: ((active: boolean) => void) | undefined;
}

/**
 * One account: name, email, roles and status, with the changes its manager may make. Buttons
 * name the person too (`Deactivate Ada`), so that a screen reader's list of buttons tells them
 * apart.
 */
export function UserRow({
  model,
  record,
  status,
  own,
  actions,
}: {
  model: AppModel;
  record: ApiRecord;
  status: AccountStatus | undefined;
  own: boolean;
  actions: RowActions;
}) {
  const name = userLabel(model, record);
  const roles = Array.isArray(record.roles)
    ? inDeclaredOrder(model, record.roles as string[])
    : undefined;
  const active = status?.active ?? true;
  return (
    <Paper component="li" withBorder radius="md" p="md">
      <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
        <Stack gap={6} miw={0} style={{ flex: '1 1 16rem' }}>
          <Group gap="xs" wrap="wrap">
            <Title order={2} size="h5" style={{ overflowWrap: 'anywhere' }}>
              {name}
            </Title>
            {own && (
              <Badge variant="default" radius="sm" tt="none">
                You
              </Badge>
            )}
            {status && <StateBadge state={active ? 'active' : 'deactivated'} />}
          </Group>
          {typeof record.email === 'string' && record.email !== name && (
            <Text size="sm" className={tones.muted} style={{ overflowWrap: 'anywhere' }}>
              {record.email}
            </Text>
          )}
          {roles && (
            <Group gap={6} wrap="wrap" aria-label={`Roles of ${name}`} role="group">
              {roles.length > 0 ? (
                roles.map((r) => (
                  <Badge key={r} variant="default" radius="sm" tt="none">
                    {sentence(r)}
                  </Badge>
                ))
              ) : (
                <Text size="sm">No role</Text>
              )}
            </Group>
          )}
        </Stack>
        <Group gap="xs" wrap="wrap">
          {actions.onRoles && (
            <Button
              variant="default"
              size="sm"
              onClick={actions.onRoles}
              aria-label={`Change roles of ${name}`}
            >
              Change roles
            </Button>
          )}
          {actions.onActive &&
            (active ? (
              <Button
                variant="outline"
                color="red"
                size="sm"
                onClick={() => actions.onActive!(false)}
                aria-label={`Deactivate ${name}`}
              >
                Deactivate
              </Button>
            ) : (
              <Button
                variant="default"
                size="sm"
                onClick={() => actions.onActive!(true)}
                aria-label={`Reactivate ${name}`}
              >
                Reactivate
              </Button>
            ))}
        </Group>
      </Group>
    </Paper>
  );
}
