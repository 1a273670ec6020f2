import { Button, Group, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { userLabel } from '@specrun/model';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useSession } from '../../api/use-session.js';
import { useApp } from '../../app/app-context.js';
import { accessTo, readableFields, writableFields } from '../../model/access.js';
import { entityOf } from '../../model/entities.js';
import { sentence } from '../../model/names.js';
import type { ApiRecord } from '../../model/record-label.js';
import type { AppScreen } from '../../model/screens.js';
import { EmptyState } from '../../ui/empty-state.js';
import { ErrorAlert } from '../../ui/error-alert.js';
import { NotFoundScreen } from '../../ui/problems/not-found-screen.js';
import { useToast } from '../../ui/toasts.js';
import tones from '../../ui/tones.module.css';
import { ActivationDialog } from './activation-dialog.js';
import { AddUserDialog } from './add-user-dialog.js';
import { inDeclaredOrder } from './role-order.js';
import { RolesDialog } from './roles-dialog.js';
import { UserRow } from './user-row.js';
import { userSearchFilter } from './user-search.js';
import { STATUSES_KEY, useUsers } from './use-users.js';

/** The dialog open on the screen, if any. */
type Open =
  | { kind: 'add' }
  | { kind: 'roles'; user: ApiRecord }
  | { kind: 'active'; user: ApiRecord; active: boolean };

// Long enough not to ask the server at every key, short enough to feel immediate.
const SEARCH_PAUSE_MS = 300;

/**
 * The application's users, for the roles that manage accounts (docs/spec-language.md, section 6):
 * found by name or email (`?q=`), each with their roles and whether they may sign in, and the
 * changes section 6 lets the manager make — add a user, change roles, deactivate or reactivate.
 * The server decides each; what it refuses is said where it was asked.
 */
export default function UsersScreen({ screen }: { screen: AppScreen }) {
  const { model, api } = useApp();
  const { user: me, roles } = useSession();
  const client = useQueryClient();
  const toast = useToast();
  const [search, setSearch] = useSearchParams();
  const [typed, setTyped] = useState(search.get('q') ?? '');
  const [open, setOpen] = useState<Open>();
  const user = entityOf(model, 'User');
  const asked = search.get('q') ?? '';
  const filter = userSearchFilter(model, roles, asked);
  const sortable = user !== undefined && readableFields(model, roles, user).has('name');
  const { list, records, statuses } = useUsers(filter, sortable);
  useEffect(() => {
    const timer = setTimeout(() => {
      if (typed.trim() === asked) return;
      const next = new URLSearchParams(search);
      if (typed.trim()) next.set('q', typed.trim());
      else next.delete('q');
      setSearch(next, { replace: true });
    }, SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [typed, asked, search, setSearch]);
  if (!user) return <NotFoundScreen />;

  const rolesField = user.fields.find((f) => f.name === 'roles');
  const mayAdd = api.call('create', 'User') && accessTo(model, roles, 'User', 'create') !== 'no';
  const mayChangeRoles =
    api.call('update', 'User') !== undefined &&
    writableFields(model, roles, user, 'update').has('roles');
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ['list', 'User'] }),
      client.invalidateQueries({ queryKey: STATUSES_KEY }),
    ]);
  const nameOf = (record: ApiRecord) => userLabel(model, record);
  const addButton = mayAdd && <Button onClick={() => setOpen({ kind: 'add' })}>Add user</Button>;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="md">
        <Stack gap={4}>
          <Title order={1}>{screen.name}</Title>
          <Text className={tones.muted}>
            The people with an account, their roles, and whether they may sign in.
          </Text>
        </Stack>
        {addButton}
      </Group>
      <TextInput
        label="Search by name or email"
        type="search"
        value={typed}
        onChange={(e) => setTyped(e.currentTarget.value)}
        maw={420}
      />
      {list.isError ? (
        <ErrorAlert error={list.error} onRetry={() => void list.refetch()} />
      ) : list.isPending ? (
        <Stack gap="sm" aria-busy="true" role="status" aria-label="Loading the users">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h={84} radius="md" />
          ))}
        </Stack>
      ) : records.length === 0 ? (
        <EmptyState title={asked ? 'Nobody matches this search' : 'No users yet'}>
          {asked ? 'Try part of a name or an email.' : 'Add the first one.'}
        </EmptyState>
      ) : (
        <Stack gap="sm">
          {statuses.isError && <ErrorAlert error={statuses.error} />}
          <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
            {records.map((record) => {
              const status = statuses.data?.get(record.id);
              const own = record.id === me?.id;
              const manageable = status?.manageable === true;
              return (
                <UserRow
                  key={record.id}
                  model={model}
                  record={record}
                  status={status}
                  own={own}
                  actions={{
                    onRoles:
                      manageable && mayChangeRoles && rolesField
                        ? () => setOpen({ kind: 'roles', user: record })
                        : undefined,
                    onActive: manageable
                      ? (active) => setOpen({ kind: 'active', user: record, active })
                      : undefined,
                  }}
                />
              );
            })}
          </Stack>
          <Group justify="space-between" wrap="wrap">
            <Text size="sm" className={tones.muted} aria-live="polite">
              Showing {records.length}
            </Text>
            {list.hasNextPage && (
              <Button
                variant="default"
                onClick={() => void list.fetchNextPage()}
                loading={list.isFetchingNextPage}
              >
                Load more
              </Button>
            )}
          </Group>
        </Stack>
      )}
      {open?.kind === 'add' && (
        <AddUserDialog
          user={user}
          onClose={() => setOpen(undefined)}
          onAdded={(name) => {
            toast({ title: 'User added', message: `${name} has an account.` });
            void refresh();
          }}
        />
      )}
      {open?.kind === 'roles' && rolesField && (
        <RolesDialog
          user={open.user}
          name={nameOf(open.user)}
          field={rolesField}
          onClose={() => setOpen(undefined)}
          onSaved={(given) => {
            setOpen(undefined);
            const named = inDeclaredOrder(model, given).map(sentence).join(', ') || 'no role';
            toast({ title: 'Roles changed', message: `${nameOf(open.user)}: ${named}.` });
            void refresh();
          }}
        />
      )}
      {open?.kind === 'active' && (
        <ActivationDialog
          id={open.user.id}
          name={nameOf(open.user)}
          active={open.active}
          onClose={() => setOpen(undefined)}
          onDone={() => {
            setOpen(undefined);
            const name = nameOf(open.user);
            toast(
              open.active
                ? { title: 'Account reactivated', message: `${name} can sign in again.` }
                : { title: 'Account deactivated', message: `${name} has been signed out.` },
            );
            void refresh();
          }}
        />
      )}
    </Stack>
  );
}
