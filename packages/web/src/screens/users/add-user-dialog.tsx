import { Button, CopyButton, Group, Stack, Text, TextInput } from '@mantine/core';
import { userLabel, type Entity } from '@specrun/model';
import { useState } from 'react';
import { useSession } from '../../api/use-session.js';
import { useApp } from '../../app/app-context.js';
import { Dialog } from '../../ui/dialog.js';
import { formFields } from '../../ui/forms/form-fields.js';
import { createValues } from '../../ui/forms/initial-values.js';
import { RecordForm } from '../../ui/forms/record-form.js';
import { generatedPassword } from './generated-password.js';

// The User's own fields the form asks for first; then any other field section 6 lets them set.
const FIRST = ['email', 'name', 'roles'];

/** The account just made, and the password to pass on: shown once, never again. */
interface Made {
  name: string;
  email: string;
  password: string;
}

/**
 * Adds a user: email, name, roles and the User's other fields the manager may set, with a strong
 * password filled in (or one they type), sent with the fields as `create User` takes it. Once
 * made, the password is shown for the manager to pass on; it cannot be read again.
 */
export function AddUserDialog({
  user,
  onClose,
  onAdded,
}: {
  user: Entity;
  onClose: () => void;
  onAdded: (name: string) => void;
}) {
  const { model, api, locale } = useApp();
  const { roles } = useSession();
  const [made, setMade] = useState<Made>();
  const own = user.fields.filter((f) => !f.builtin).map((f) => f.name);
  const fields = formFields(
    model,
    user,
    { fields: [...FIRST, ...own] },
    roles,
    'create',
    api.call('create', 'User'),
  );
  const [initial] = useState(() => ({
    ...createValues(fields, locale.timeZone),
    password: generatedPassword(),
  }));
  return (
    <Dialog opened onClose={onClose} title={made ? `${made.name} can now sign in` : 'Add a user'}>
      {made ? (
        <Stack gap="md">
          <Text>
            Give {made.name} this password, with their email {made.email}. It is shown only now:
            they can change it from their account.
          </Text>
          <TextInput label="Password" value={made.password} readOnly ff="monospace" />
          <Group justify="flex-end" gap="sm">
            <CopyButton value={made.password}>
              {({ copied, copy }) => (
                <Button variant="default" onClick={copy}>
                  {copied ? 'Copied' : 'Copy the password'}
                </Button>
              )}
            </CopyButton>
            <Button onClick={onClose}>Done</Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="md">
          <Text size="sm">
            A strong password is filled in: keep it or type another. You will see it once the
            account is made, to pass it on.
          </Text>
          <RecordForm
            fields={fields}
            initial={initial}
            action="create"
            submitLabel="Add user"
            onCancel={onClose}
            onSubmit={async (values) => {
              const created = await api.create('User', values);
              const email = String(values.email ?? '');
              const name = userLabel(model, created ?? { ...values, email });
              setMade({ name, email, password: String(values.password ?? '') });
              onAdded(name);
            }}
          />
        </Stack>
      )}
    </Dialog>
  );
}
