import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate } from 'react-router';
import { ApiError } from '../../api/api-error.js';
import { useSession } from '../../api/use-session.js';
import { useApp } from '../../app/app-context.js';
import { screenOfKind, type AppScreen } from '../../model/screens.js';
import { ErrorAlert } from '../../ui/error-alert.js';
import { AuthCard } from './auth-card.js';
import { useAfterSignIn } from './use-after-sign-in.js';
import { SecretInput } from '../../ui/inputs/secret-input.js';

/** Email and password; then back to where the user was going. */
export default function SignInScreen({ screen }: { screen: AppScreen }) {
  const { api, screens } = useApp();
  const { user } = useSession();
  const done = useAfterSignIn();
  const [failure, setFailure] = useState<unknown>();
  const form = useForm({ defaultValues: { email: '', password: '' } });
  const signUp = screenOfKind(screens, 'sign-up');
  const submit = form.handleSubmit(async ({ email, password }) => {
    setFailure(undefined);
    try {
      await api.signIn(email.trim(), password);
      await done();
    } catch (error) {
      setFailure(error);
      if (error instanceof ApiError)
        for (const [name, message] of error.fieldMessages())
          if (name === 'email' || name === 'password') form.setError(name, { message });
    }
  });
  const { errors, isSubmitting, isSubmitSuccessful } = form.formState;
  // Someone already signed in has nothing to do here (but one signing in now is on their way).
  if (user && !isSubmitting && !isSubmitSuccessful) return <Navigate to="/" replace />;
  return (
    <AuthCard title={screen.name}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="md">
          {failure !== undefined && <ErrorAlert error={failure} />}
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            required
            error={errors.email?.message}
            {...form.register('email', { required: 'Give the email you signed up with.' })}
          />
          <SecretInput
            label="Password"
            autoComplete="current-password"
            required
            error={errors.password?.message}
            {...form.register('password', { required: 'Give your password.' })}
          />
          <Button type="submit" loading={isSubmitting} fullWidth>
            Sign in
          </Button>
          {signUp && (
            <Text size="sm" ta="center">
              No account yet?{' '}
              <Anchor component={Link} to={signUp.route}>
                {signUp.name}
              </Anchor>
            </Text>
          )}
        </Stack>
      </form>
    </AuthCard>
  );
}
