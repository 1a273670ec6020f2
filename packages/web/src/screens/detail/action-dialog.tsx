import { Button, Group, Stack, Text } from '@mantine/core';
import { transitionInputs, type Transition } from '@specrun/model';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { ApiError } from '../../api/api-error.js';
import { useApp } from '../../app/app-context.js';
import { actionLabel, entityWords, words } from '../../model/names.js';
import type { ApiRecord } from '../../model/record-label.js';
import { Dialog } from '../../ui/dialog.js';
import { ErrorAlert } from '../../ui/error-alert.js';
import { focusField, fieldMark } from '../../ui/forms/focus-field.js';
import { FieldInput } from '../../ui/inputs/field-input.js';
import { emptyValue, type FormValue } from '../../ui/inputs/form-values.js';
import { isDestructive } from '../../model/destructive.js';
import { actionInput, dialogGuard, inputField, problemsAtInputs } from './action-input.js';
import { actionQuestion } from './action-question.js';

/**
 * Confirms a transition before taking it, with a small form for the inputs its When and Sets
 * read (`input.reason`): those of every row of the action the caller may take, since the server
 * tries each of them. The server's refusal (a guard's catalogue message) is shown in the
 * dialog, next to the input it is about when it names one.
 */
export function ActionDialog({
  entity,
  record,
  transitions,
  opened,
  onClose,
  onDone,
}: {
  entity: string;
  record: ApiRecord;
  /** The caller's rows of the action from the record's state, at least one. */
  transitions: Transition[];
  opened: boolean;
  onClose: () => void;
  onDone: (action: string) => void;
}) {
  const app = useApp();
  const { model, api, locale } = app;
  const handle = api.handle(entity, record) ?? '';
  const client = useQueryClient();
  const transition = transitions[0]!;
  const inputs = transitionInputs(model, entity, transitions);
  const guard = dialogGuard(model, transitions);
  const [values, setValues] = useState<Record<string, FormValue>>(() =>
    Object.fromEntries(inputs.map((i) => [i.name, emptyValue(inputField(i, guard))])),
  );
  const [problems, setProblems] = useState<Record<string, string>>({});
  const formRef = useRef<HTMLFormElement>(null);
  const take = useMutation({
    mutationFn: (input: Record<string, unknown>) =>
      api.transition(entity, handle, transition.action, input, { record }),
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: ['record', entity, handle] }),
        client.invalidateQueries({ queryKey: ['history', entity, handle] }),
        client.invalidateQueries({ queryKey: ['list'] }),
      ]);
      onDone(transition.action);
    },
    onError: (error) => {
      if (!(error instanceof ApiError)) return;
      const placed = problemsAtInputs(error, inputs).problems;
      setProblems(placed);
      const first = inputs.find((i) => placed[i.name] !== undefined);
      if (first) focusField(formRef.current, first.name);
    },
  });
  const label = actionLabel(transition.action);
  // An action that ends something is confirmed by its outcome, beside a way to keep things.
  const ending = isDestructive(model, entity, transition.action);
  const confirm = ending ? `${label} ${entityWords(entity)}` : label;
  const submit = () => {
    const { input, problems: found } = actionInput(
      app,
      record,
      inputs,
      values,
      locale.timeZone,
      guard,
    );
    setProblems(found);
    const first = inputs.find((i) => found[i.name] !== undefined);
    // Sent only when nothing is wrong; else focus goes to the first input to fix.
    if (!first) take.mutate(input);
    else focusField(formRef.current, first.name);
  };
  const lifecycle = model.lifecycles.find((l) => l.entity === entity);
  const from = String(record[lifecycle?.field ?? ''] ?? transition.from[0] ?? '');
  const to = [...new Set(transitions.map((t) => t.to))];
  const { title, states } = actionQuestion(label, entityWords(entity), words(from), to.map(words));
  return (
    <Dialog opened={opened} onClose={onClose} title={title}>
      <form
        ref={formRef}
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
        noValidate
      >
        <Stack gap="md">
          <Text>{states}</Text>
          {inputs.map((i) => {
            const field = inputField(i, guard);
            return (
              <div key={i.name} {...fieldMark(i.name)}>
                <FieldInput
                  field={field}
                  value={values[i.name] ?? emptyValue(field)}
                  onChange={(v) => setValues((old) => ({ ...old, [i.name]: v }))}
                  error={problems[i.name]}
                  required={field.required}
                />
              </div>
            );
          })}
          {take.isError &&
            !(take.error instanceof ApiError && problemsAtInputs(take.error, inputs).all) && (
              <ErrorAlert error={take.error} />
            )}
          <Group justify="flex-end" gap="sm">
            {/* Not "Cancel": that is the name of many actions (cancel a ticket, a booking...). */}
            <Button variant="default" onClick={onClose}>
              {ending ? 'Keep it' : 'Go back'}
            </Button>
            <Button type="submit" loading={take.isPending} {...(ending ? { color: 'red' } : {})}>
              {confirm}
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}
