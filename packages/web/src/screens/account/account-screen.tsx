import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { SESSION_KEY, useSession } from '../../api/use-session.js';
import { useApp } from '../../app/app-context.js';
import { useSignOut } from '../../app/use-sign-out.js';
import { accessTo } from '../../model/access.js';
import { entityOf } from '../../model/entities.js';
import type { AppScreen } from '../../model/screens.js';
import tones from '../../ui/tones.module.css';
import { SuccessAlert } from '../../ui/success-alert.js';
import { useRecord } from '../../api/use-record.js';
import { formFields, NEW_PASSWORD_FIELD } from '../../ui/forms/form-fields.js';
import {
  payloadFields,
  type ApiCall,
  type AppModel,
  type Entity,
  type Field,
} from '@specrun/model';
import { editValues } from '../../ui/forms/initial-values.js';
import { RecordForm } from '../../ui/forms/record-form.js';
import { PasswordForm } from './password-form.js';

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  const id = `account-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby={id}>
      <Stack gap="md">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/** The fields `update me` lets the user change of themselves, in the order the call names them. */
function selfFields(
  model: AppModel,
  entity: Entity,
  own: Pick<AppScreen, 'fields'>,
  roles: readonly string[],
  call: ApiCall,
): Field[] {
  const carried = payloadFields(call.payload);
  const settable = formFields(model, entity, own, roles, 'update', call);
  const fields = settable.filter((f) => f.name !== 'email');
  const email = entity.fields.find((f) => f.name === 'email');
  if (email && (!carried || carried.has('email'))) fields.unshift(email);
  if (!carried || carried.has('password')) fields.push(NEW_PASSWORD_FIELD);
  return fields;
}

/**
 * The signed-in user's own account: their name and email (and any of their fields section 6 lets
 * them change), their roles, their password, and signing out.
 */
export default function AccountScreen({ screen }: { screen: AppScreen }) {
  const { model, api, locale } = useApp();
  const { user, roles } = useSession();
  const client = useQueryClient();
  const signOut = useSignOut();
  const [saved, setSaved] = useState(false);
  const entity = entityOf(model, 'User');
  const updateMe = api.call('update-me');
  const self = useRecord(
    'User',
    user?.id ?? '',
    [],
    !updateMe && api.call('get', 'User') !== undefined,
  );
  if (!user || !entity) return null;
  const updatable =
    accessTo(model, roles, 'User', 'update') !== 'no' && api.call('update', 'User') !== undefined;
  const own = {
    ...screen,
    fields: ['name', 'email', ...entity.fields.filter((f) => !f.builtin).map((f) => f.name)],
  };
  // With `update me`, the user changes themselves through it: the fields it carries that section
  // 6 lets them set, their email and their password (see docs/spec-language.md, "update me").
  const fields = updateMe
    ? selfFields(model, entity, own, roles, updateMe)
    : updatable
      ? formFields(model, entity, own, roles, 'update', api.call('update', 'User'))
      : [];
  const record = (updateMe ? undefined : self.data) ?? { ...user };
  return (
    <Stack gap="lg" maw={760}>
      <Stack gap={4}>
        <Title order={1}>{screen.name}</Title>
        <Text className={tones.muted}>Signed in as {user.email}</Text>
      </Stack>
      <Section title="Profile">
        {fields.length > 0 ? (
          <>
            <div aria-live="polite">
              {saved && (
                <SuccessAlert title="Saved" onClose={() => setSaved(false)}>
                  Your account is up to date.
                </SuccessAlert>
              )}
            </div>
            <RecordForm
              key={String(record.version ?? '') + JSON.stringify(record)}
              fields={fields}
              initial={editValues(fields, record, locale.timeZone)}
              action="update"
              submitLabel="Save changes"
              onCancel={() => void self.refetch()}
              onReload={() => void self.refetch()}
              onSubmit={async (values) => {
                setSaved(false);
                if (updateMe) await api.updateMe(values);
                else await api.update('User', user.id, values);
                await Promise.all([
                  client.invalidateQueries({ queryKey: SESSION_KEY }),
                  self.refetch(),
                ]);
                setSaved(true);
              }}
            />
          </>
        ) : (
          <Stack gap={4}>
            <Text fw={600}>{user.name}</Text>
            <Text>{user.email}</Text>
            <Text size="sm" className={tones.muted}>
              Your name and email are kept by the application’s administrators.
            </Text>
          </Stack>
        )}
      </Section>
      <Section title="Roles">
        <Group gap="xs">
          {user.roles.length > 0 ? (
            user.roles.map((r) => (
              <Badge key={r} variant="default" radius="sm" tt="none">
                {r}
              </Badge>
            ))
          ) : (
            <Text>No role yet.</Text>
          )}
        </Group>
      </Section>
      {api.call('change-password') && (
        <Section title="Password">
          <PasswordForm />
        </Section>
      )}
      <Section title="Sign out">
        <Text>Signing out ends your session on this device.</Text>
        <Group>
          <Button variant="default" onClick={() => signOut.mutate()} loading={signOut.isPending}>
            Sign out
          </Button>
        </Group>
      </Section>
    </Stack>
  );
}
