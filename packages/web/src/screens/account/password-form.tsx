import { Button, Group, Stack } from '@mantine/core';
import { passwordProblem } from '@specrun/model';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ApiError } from '../../api/api-error.js';
import { useApp } from '../../app/app-context.js';
import { ErrorAlert } from '../../ui/error-alert.js';
import { SuccessAlert } from '../../ui/success-alert.js';
import { SecretInput } from '../../ui/inputs/secret-input.js';

type Values = { currentPassword: string; newPassword: string; repeat: string };

/**
 * Changes the password, given the current one; other sessions end, this one stays. The new one
 * is held to the server's password rules before it is sent.
 */
export function PasswordForm() {
  const { api, limits } = useApp();
  const minLength = limits.minPasswordLength;
  const [failure, setFailure] = useState<unknown>();
  const [changed, setChanged] = useState(false);
  const form = useForm<Values>({
    defaultValues: { currentPassword: '', newPassword: '', repeat: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    setFailure(undefined);
    setChanged(false);
    try {
      await api.changePassword(values.currentPassword, values.newPassword);
      form.reset();
      setChanged(true);
    } catch (error) {
      setFailure(error);
      if (error instanceof ApiError)
        for (const [name, message] of error.fieldMessages())
          if (name === 'currentPassword' || name === 'newPassword')
            form.setError(name, { message });
    }
  });
  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="md" maw={420}>
        <SecretInput
          label="Current password"
          autoComplete="current-password"
          required
          error={errors.currentPassword?.message}
          {...form.register('currentPassword', { required: 'Give your current password.' })}
        />
        <SecretInput
          label="New password"
          autoComplete="new-password"
          required
          error={errors.newPassword?.message}
          {...form.register('newPassword', {
            validate: (v) => passwordProblem(v, minLength) ?? true,
          })}
        />
        <SecretInput
          label="New password, again"
          autoComplete="new-password"
          required
          error={errors.repeat?.message}
          {...form.register('repeat', {
            validate: (v, all) =>
              v === all.newPassword || 'The two new passwords are not the same.',
          })}
        />
        <div aria-live="polite">
          {changed && (
            <SuccessAlert title="Password changed">
              Your other sessions have been signed out.
            </SuccessAlert>
          )}
        </div>
        {failure !== undefined &&
          !(failure instanceof ApiError && failure.fieldMessages().size > 0) && (
            <ErrorAlert error={failure} />
          )}
        <Group>
          <Button type="submit" loading={isSubmitting}>
            Change the password
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
