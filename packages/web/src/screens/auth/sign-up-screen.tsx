import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { signUpMode, withArticle, words } from '@specrun/model';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link, Navigate } from 'react-router';
import { ApiError, isForbidden } from '../../api/api-error.js';
import { useSession } from '../../api/use-session.js';
import { useApp } from '../../app/app-context.js';
import { displayName } from '../../app/display-name.js';
import { screenOfKind, type AppScreen } from '../../model/screens.js';
import { ErrorAlert } from '../../ui/error-alert.js';
import { FieldInput } from '../../ui/inputs/field-input.js';
import { RoleCheckboxes } from '../../ui/inputs/role-checkboxes.js';
import { checkedOnLeaving, FORM_ACTIONS } from '../../ui/inputs/checked-on-leaving.js';
import { emptyValue, idsOf, type FormValue } from '../../ui/inputs/form-values.js';
import { AuthCard } from './auth-card.js';
import { PASSWORD_FIELD } from '../../ui/forms/form-fields.js';
import { formPayload } from '../../ui/forms/form-payload.js';
import { signUpExtraFields, signUpOwnFields, signUpRoles } from './sign-up-fields.js';
import { normalEmail, signUpResolver } from './sign-up-resolver.js';
import { useAfterSignIn } from './use-after-sign-in.js';
import { SecretInput } from '../../ui/inputs/secret-input.js';

type Values = Record<string, FormValue>;

/**
 * Creates an account and signs it in: name, email, password, the User's own fields, and the roles
 * open to sign-up (section 6), each checked as the server checks it before anything is sent.
 * When the server says sign-up is closed, the screen says so kindly and points to signing in.
 */
export default function SignUpScreen({ screen }: { screen: AppScreen }) {
  const app = useApp();
  const { model, api, screens, locale } = app;
  const { user } = useSession();
  const done = useAfterSignIn();
  const [failure, setFailure] = useState<unknown>();
  // The first account made from elsewhere than the server's machine needs the setup code
  // `specrun start` printed: asked for once the server says so.
  const [setupCode, setSetupCode] = useState<{ value: string; problem?: string }>();
  const extra = signUpExtraFields(model, api.call('sign-up'));
  const own = signUpOwnFields(model, api.call('sign-up'));
  const name = own.find((f) => f.name === 'name');
  const { given, choosable } = signUpRoles(model);
  const first = signUpMode(model).kind === 'first-account';
  const [setup] = useState(() => {
    const fields = [...own, ...extra, PASSWORD_FIELD];
    const initial: Values = {
      ...Object.fromEntries(fields.map((f) => [f.name, emptyValue(f)])),
      roles: [],
    };
    const toChoose = !given && choosable.length > 0 ? choosable.map((r) => r.name) : undefined;
    const resolver = signUpResolver(app, fields, initial, locale.timeZone, toChoose);
    return { fields, initial, resolver };
  });
  const form = useForm<Values>({
    defaultValues: setup.initial,
    mode: 'onTouched',
    resolver: setup.resolver,
  });
  const { errors, isSubmitting, isSubmitSuccessful } = form.formState;
  const signIn = screenOfKind(screens, 'sign-in');
  if (user && !isSubmitting && !isSubmitSuccessful) return <Navigate to="/" replace />;
  const submit = form.handleSubmit(async (values) => {
    setFailure(undefined);
    const sent = { ...values, email: normalEmail(values.email) };
    const body = formPayload(setup.fields, sent, setup.initial, 'create', locale.timeZone).fields;
    if (choosable.length > 0) body.roles = values.roles;
    if (setupCode?.value.trim()) body.setupCode = setupCode.value.trim();
    try {
      await api.signUp(body);
      await done();
    } catch (error) {
      setFailure(error);
      if (error instanceof ApiError) {
        const messages = error.fieldMessages();
        for (const [name, message] of messages)
          if (name in setup.initial) form.setError(name, { type: 'server', message });
        const problem = messages.get('setupCode');
        if (first && problem) setSetupCode((code) => ({ value: code?.value ?? '', problem }));
      }
    }
  });
  const message = (name: string) => errors[name]?.message;
  const registered = (name: string) => {
    const input = form.register(name);
    return { ...input, onBlur: checkedOnLeaving(input.onBlur) };
  };
  const intro = first
    ? 'Create the first account of this application: it becomes its administrator.'
    : `Join ${displayName(model.name)}.${given ? ` You join as ${withArticle(words(given.name))}: ${given.description.replace(/\.?$/, '.')}` : ''}`;
  return (
    <AuthCard title={screen.name} intro={intro}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="md">
          {failure !== undefined &&
            (isForbidden(failure) ? (
              <Alert color="blue" title="Sign-up is closed" role="alert">
                <Stack gap="xs" align="flex-start">
                  <Text size="sm">
                    {failure instanceof ApiError ? failure.detail || failure.message : ''}
                  </Text>
                  <Text size="sm">If you already have an account, sign in instead.</Text>
                </Stack>
              </Alert>
            ) : (
              <ErrorAlert error={failure} />
            ))}
          {name && (
            <TextInput
              label="Name"
              autoComplete="name"
              required={name.required}
              error={message('name')}
              {...registered('name')}
            />
          )}
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            required
            error={message('email')}
            {...registered('email')}
          />
          <SecretInput
            label="Password"
            autoComplete="new-password"
            required
            error={message('password')}
            {...registered('password')}
          />
          {extra.map((f) => (
            <Controller
              key={f.name}
              name={f.name}
              control={form.control}
              render={({ field, fieldState }) => (
                <FieldInput
                  field={f}
                  value={field.value ?? null}
                  onChange={field.onChange}
                  onBlur={checkedOnLeaving(() => field.onBlur())}
                  error={fieldState.error?.message}
                  required={f.required && f.default === undefined}
                />
              )}
            />
          ))}
          {choosable.length > 0 && (
            <Controller
              name="roles"
              control={form.control}
              render={({ field, fieldState }) => (
                <RoleCheckboxes
                  roles={choosable}
                  label={given ? 'Also join as' : 'Join as'}
                  description={
                    given ? `Every account is ${withArticle(words(given.name))}.` : undefined
                  }
                  required={!given}
                  value={idsOf(field.value)}
                  onChange={field.onChange}
                  error={fieldState.error?.message}
                />
              )}
            />
          )}
          {setupCode && (
            <TextInput
              label="Setup code"
              description="Printed by `specrun start` where the application runs; not needed on that computer."
              autoComplete="off"
              required
              value={setupCode.value}
              error={setupCode.problem}
              onChange={(e) => setSetupCode({ value: e.currentTarget.value })}
            />
          )}
          <Button type="submit" loading={isSubmitting} fullWidth {...FORM_ACTIONS}>
            Create the account
          </Button>
          {signIn && (
            <Text size="sm" ta="center">
              Already have an account?{' '}
              <Anchor component={Link} to={signIn.route}>
                Sign in
              </Anchor>
            </Text>
          )}
        </Stack>
      </form>
    </AuthCard>
  );
}
