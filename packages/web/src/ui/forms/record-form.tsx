import { Button, Group, Paper, Stack } from '@mantine/core';
import type { Field } from '@specrun/model';
import { useState, type BaseSyntheticEvent } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { ApiError } from '../../api/api-error.js';
import { useApp } from '../../app/app-context.js';
import { fieldLabel } from '../../model/names.js';
import { ErrorAlert } from '../error-alert.js';
import { FieldInput } from '../inputs/field-input.js';
import { isBlank, type FormValue } from '../inputs/form-values.js';
import { checkedOnLeaving, FORM_ACTIONS } from '../inputs/checked-on-leaving.js';
import { isPasswordField } from './form-fields.js';
import { formPayload, hasDefault } from './form-payload.js';
import { fieldMark, focusField } from './focus-field.js';
import { formRefusal } from './form-refusal.js';
import { recordResolver } from './form-resolver.js';
import { UnsavedChanges } from './unsaved-changes.js';

type Values = Record<string, FormValue>;

/**
 * A form generated from the model: an input per field, checked as it is left and again on submit
 * by the server's own checks (instant feedback, the server's messages), then sent; the server's
 * problems (unique, references, section 5) come back onto their fields with its messages as
 * given, and problems about the whole record above the buttons. When every problem is at a field,
 * no alert repeats them.
 */
export function RecordForm({
  fields,
  initial,
  action,
  submitLabel,
  onSubmit,
  onCancel,
  onReload,
  picks,
  guardLeaving = false,
  entity,
}: {
  fields: Field[];
  initial: Values;
  action: 'create' | 'update';
  submitLabel: string;
  onSubmit: (fields: Record<string, unknown>) => Promise<void>;
  onCancel: () => void;
  /** Reads the record again after someone else changed it (412). */
  onReload?: (() => void) | undefined;
  /** Fields the call sends as one field of their records (see pickedFields). */
  picks?: ReadonlyMap<string, string>;
  /** Asks before leaving the screen with unsaved changes (a form that is a screen of its own). */
  guardLeaving?: boolean;
  /** The entity a create form makes: its pickers offer only records the server would accept. */
  entity?: string | undefined;
}) {
  const app = useApp();
  const { catalogue, locale } = app;
  const [resolver] = useState(() => recordResolver(app, fields, initial, action, locale.timeZone));
  const form = useForm<Values>({ defaultValues: initial, mode: 'onTouched', resolver });
  const [failure, setFailure] = useState<unknown>();
  // While a save is under way, leaving for the saved record loses nothing.
  const [saving, setSaving] = useState(false);
  // Focus goes to the first field to fix, in the form's order, within the form submitted.
  const focusFirst = (event: BaseSyntheticEvent | undefined, names: Iterable<string>) => {
    const wrong = new Set(names);
    const first = fields.find((f) => wrong.has(f.name));
    const form = event?.target;
    if (first && form instanceof Element) focusField(form, first.name);
  };
  const submit = form.handleSubmit(
    async (values, event) => {
      setFailure(undefined);
      const payload = formPayload(fields, values, initial, action, locale.timeZone);
      setSaving(true);
      try {
        await onSubmit(payload.fields);
      } catch (error) {
        setSaving(false);
        setFailure(error);
        if (error instanceof ApiError) {
          const shown = new Set(fields.map((f) => f.name));
          const messages = error.fieldMessages();
          for (const [name, message] of messages)
            if (shown.has(name)) form.setError(name, { type: 'server', message });
          focusFirst(event, messages.keys());
        }
      }
    },
    (errors, event) => {
      setFailure(formRefusal(catalogue, errors));
      focusFirst(event, Object.keys(errors));
    },
  );
  const stale = failure instanceof ApiError && failure.isStale;
  const shown = (field: string | undefined) => fields.some((f) => f.name === field);
  const unplaced =
    failure instanceof ApiError
      ? failure.problems.filter((p) => p.field !== undefined && !shown(p.field))
      : [];
  // Each problem already reads beside its field: the alert would only say it again.
  const allPlaced =
    failure instanceof ApiError &&
    failure.problems.length > 0 &&
    failure.problems.every((p) => shown(p.field));
  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      {guardLeaving && <UnsavedChanges dirty={form.formState.isDirty} saving={saving} />}
      <Stack gap="lg">
        <Paper withBorder p="lg" radius="md">
          <Stack gap="md">
            {fields.map((field) => (
              <Controller
                key={field.name}
                name={field.name}
                control={form.control}
                render={({ field: input, fieldState }) => (
                  <div {...fieldMark(field.name)}>
                    <FieldInput
                      field={field}
                      value={input.value ?? null}
                      onChange={input.onChange}
                      onBlur={checkedOnLeaving(() => input.onBlur())}
                      error={fieldState.error?.message}
                      required={field.required && !(action === 'create' && hasDefault(field))}
                      secret={isPasswordField(field)}
                      pick={picks?.get(field.name)}
                      creating={action === 'create' ? entity : undefined}
                      defaulted={
                        action === 'create' &&
                        field.default?.kind === 'expression' &&
                        isBlank(initial[field.name] ?? null)
                      }
                    />
                  </div>
                )}
              />
            ))}
          </Stack>
        </Paper>
        {failure !== undefined && !allPlaced && (
          <ErrorAlert
            error={failure}
            onRetry={stale ? onReload : undefined}
            retryLabel="Reload the latest version"
            withDetail={!stale}
          >
            {stale && (
              <div>
                Another person saved this record after you opened it. Reload to see their version,
                then make your change again.
              </div>
            )}
            {unplaced.map((p) => (
              <div key={`${p.field}:${p.message}`}>
                {fieldLabel(p.field!)}: {p.message}
              </div>
            ))}
          </ErrorAlert>
        )}
        <Group justify="flex-end" gap="sm" {...FORM_ACTIONS}>
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={form.formState.isSubmitting}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
